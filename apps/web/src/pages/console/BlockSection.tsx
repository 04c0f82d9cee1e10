import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BlockAppDialog } from './BlockAppDialog.tsx';
import { useConsoleApp, useUnblockApp } from './use-console-reviews.ts';

export interface BlockSectionProps {
  did: string;
  title: string;
}

/** Whether the app is blocked and why, with the one action that changes it (seed 001 §4, §6). */
export function BlockSection({ did, title }: BlockSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const app = useConsoleApp(did);
  const unblock = useUnblockApp(did);
  const [blocking, setBlocking] = useState(false);

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('console.block.section')}
      </Typography>
      {app.isPending ? (
        <Skeleton variant="rounded" height={40} aria-label={t('console.block.loading')} />
      ) : app.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void app.refetch()}>
              {t('console.retry')}
            </Button>
          }
        >
          {t('console.block.loadFailed', { error: app.error.message })}
        </Alert>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {app.data.blocked ? (
            <>
              <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
                {t('console.block.blocked', { reason: app.data.block_reason ?? '' })}
              </Alert>
              <Button variant="outlined" onClick={() => unblock.mutate()} loading={unblock.isPending}>
                {t('console.block.unblock')}
              </Button>
            </>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('console.block.notBlocked')}
              </Typography>
              <Button variant="outlined" color="error" onClick={() => setBlocking(true)}>
                {t('console.block.block')}
              </Button>
            </>
          )}
          {unblock.isError && (
            <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
              {unblock.error.message}
            </Alert>
          )}
        </Stack>
      )}
      {blocking && <BlockAppDialog did={did} title={title} onClose={() => setBlocking(false)} />}
    </Box>
  );
}
