import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { useReviewThread } from './use-developer-apps.ts';

export interface ReviewThreadProps {
  did: string;
  version: string;
}

/** A version's review thread, oldest first: who (the developer or a reviewer), what, their words and when. */
export function ReviewThread({ did, version }: ReviewThreadProps) {
  const { t, i18n } = useTranslation();
  const thread = useReviewThread(did, version);
  const label = t('developerApps.threadOf', { version });

  return (
    <Box>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        {t('developerApps.thread')}
      </Typography>
      {thread.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={label}>
          <Skeleton variant="rectangular" height={48} />
          <Skeleton variant="rectangular" height={48} />
        </Stack>
      ) : thread.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void thread.refetch()}>
              {t('developerApps.retry')}
            </Button>
          }
        >
          {t('developerApps.threadFailed', { error: thread.error.message })}
        </Alert>
      ) : thread.data.list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('developerApps.threadEmpty')}
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label={label}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {thread.data.list.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: entry.author_role === 'admin' ? 'action.hover' : 'transparent',
              }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0, sm: 1 }}
                sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between' }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`developerApps.role.${entry.author_role}`)}
                  {' · '}
                  {t(`store.review.action.${entry.action}`)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="time">
                  {formatUnixTime(entry.created_at, i18n.language)}
                </Typography>
              </Stack>
              {entry.message && (
                <Typography
                  variant="body2"
                  sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {entry.message}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
