import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAppDownloads } from './use-developer-apps.ts';

const CHART_HEIGHT = 64;

/**
 * Seed 001 §3: the app's downloads of the last 30 days, one bar a day. The bars are drawn for the
 * eye; a screen reader reads the total and each day's count from the bars' labels.
 */
export function DownloadsChart({ did }: { did: string }) {
  const { t, i18n } = useTranslation();
  const downloads = useAppDownloads(did);
  const titleId = `downloads-${did}`;
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('developerApps.downloads30')}
      </Typography>
      {downloads.isPending ? (
        <Skeleton
          variant="rounded"
          height={CHART_HEIGHT + 24}
          aria-label={t('developerApps.downloadsLoading')}
        />
      ) : downloads.isError ? (
        <Alert severity="error">{t('developerApps.downloadsFailed')}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('developerApps.downloadsTotal', { count: downloads.data.total })}
          </Typography>
          <Box
            role="list"
            aria-label={t('developerApps.downloads30')}
            sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: CHART_HEIGHT }}
          >
            {downloads.data.days.map((day, _, days) => {
              const max = Math.max(1, ...days.map((other) => other.count));
              const label = t('developerApps.downloadsDay', { date: dayLabel(day.date), count: day.count });
              return (
                <Box
                  key={day.date}
                  role="listitem"
                  aria-label={label}
                  title={label}
                  sx={{
                    flex: 1,
                    minHeight: 2,
                    height: `${(day.count / max) * 100}%`,
                    bgcolor: day.count ? 'primary.main' : 'action.disabledBackground',
                    borderRadius: '2px 2px 0 0',
                  }}
                />
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
