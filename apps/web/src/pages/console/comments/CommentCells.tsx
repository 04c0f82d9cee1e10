import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { renderMarkdown } from '../../store/feedback/markdown.tsx';
import type { ReportedComment } from './use-reported-comments.ts';

/** How much of a comment the list shows: enough to judge it, the rest is on the app page. */
const EXCERPT_LENGTH = 280;

export function commentExcerpt(body: string): string {
  const text = body.trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
}

/** The comment's excerpt, its Markdown drawn by the app page's safe renderer, with who wrote it and when. */
export function CommentCell({ comment, author }: { comment: ReportedComment; author: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ overflowWrap: 'anywhere', '& p': { my: 0.5 }, '& ul': { my: 0.5, pl: 3 } }}>
        {renderMarkdown(commentExcerpt(comment.body))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('consoleComments.author', { author })}
        </Typography>
        {comment.by_developer && <Chip size="small" label={t('consoleComments.developer')} />}
        {comment.parent_id && <Chip size="small" variant="outlined" label={t('consoleComments.reply')} />}
        <Typography variant="caption" color="text.secondary">
          {t('consoleComments.created', { date: formatUnixTime(comment.created_at, i18n.language) })}
        </Typography>
      </Stack>
    </Box>
  );
}

/** Hidden (with the reason its author reads) or visible. */
export function StatusCell({ comment }: { comment: ReportedComment }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Chip
        size="small"
        color={comment.hidden ? 'warning' : 'default'}
        label={t(comment.hidden ? 'consoleComments.hidden' : 'consoleComments.visible')}
      />
      {comment.hidden && comment.hidden_reason && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('consoleComments.hiddenBecause', { reason: comment.hidden_reason })}
        </Typography>
      )}
    </Box>
  );
}
