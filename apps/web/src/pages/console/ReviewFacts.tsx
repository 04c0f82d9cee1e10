import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AppVersionStatus } from '@kiosk/core';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { formatBytes } from '../store/store-format.ts';
import { ReviewStatusChip } from './ReviewStatusChip.tsx';
import type { ReviewQueueItem } from './use-console-reviews.ts';

/** What the reviewer reads first: the status, the app's name, size and upload time, its developer, the changelog. */
export function ReviewFacts({ item, status }: { item: ReviewQueueItem; status: AppVersionStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ReviewStatusChip status={status} />
        <Typography variant="body2" color="text.secondary">
          {`${item.app.name} · ${formatBytes(item.size, i18n.language)} · ${formatUnixTime(item.created_at, i18n.language)}`}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('console.review.developer')}
        {': '}
        <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
          {item.app.developer_did}
        </Box>
      </Typography>
      {item.changelog && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {item.changelog}
        </Typography>
      )}
    </Stack>
  );
}
