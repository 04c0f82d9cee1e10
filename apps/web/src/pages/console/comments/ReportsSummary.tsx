import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import type { CommentReport, ReportedComment } from './use-reported-comments.ts';

/** How many reports gave each reason, the most given first. */
export function reasonCounts(reports: readonly CommentReport[]): [CommentReport['reason'], number][] {
  const counts = new Map<CommentReport['reason'], number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** A reported comment's reports: how many, why (each reason with its count, the reporters' notes), and when the last came. */
export function ReportsSummary({ comment }: { comment: ReportedComment }) {
  const { t, i18n } = useTranslation();
  const notes = comment.reports.flatMap((report) => (report.note ? [report.note] : []));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('consoleComments.reportCount', {
          count: comment.report_count,
          number: new Intl.NumberFormat(i18n.language).format(comment.report_count),
        })}
      </Typography>
      <Typography variant="body2">
        {reasonCounts(comment.reports)
          .map(([reason, count]) => {
            const label = t(`consoleComments.reason.${reason}`);
            return count > 1 ? t('consoleComments.reasonTimes', { reason: label, count }) : label;
          })
          .join(t('consoleComments.reasonSeparator'))}
      </Typography>
      {notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2, overflowWrap: 'anywhere' }}>
          {notes.map((note, index) => (
            <Typography key={index} component="li" variant="caption" color="text.secondary">
              {note}
            </Typography>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('consoleComments.lastReported', { date: formatUnixTime(comment.reported_at, i18n.language) })}
      </Typography>
    </Box>
  );
}
