import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { App } from '@kiosk/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { AppCard } from './AppCard.tsx';

/** As many cards a row as fit: one on a phone, up to four on a desktop. */
export const APP_GRID = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

export interface AppGridProps {
  apps: App[] | undefined;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Names the list for assistive technology (the section's heading). */
  label: string;
  /** Said when the answer holds no app. */
  empty: ReactNode;
  headingLevel: 'h2' | 'h3';
  skeletons?: number;
}

/** A grid of app cards, with its loading, error and empty states. */
export function AppGrid({
  apps,
  pending,
  error,
  onRetry,
  label,
  empty,
  headingLevel,
  skeletons = 4,
}: AppGridProps) {
  const { t } = useTranslation();
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('storeFront.retry')}
          </Button>
        }
      >
        {t('storeFront.apps.loadFailed')} {error.message}
      </Alert>
    );
  if (pending || !apps)
    return (
      <Box sx={APP_GRID} role="status" aria-busy="true" aria-label={t('storeFront.apps.loading')}>
        {Array.from({ length: skeletons }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={156} />
        ))}
      </Box>
    );
  if (apps.length === 0)
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Box>
    );
  return (
    <Box component="ul" sx={APP_GRID} aria-label={label}>
      {apps.map((app) => (
        <AppCard key={app.did} app={app} headingLevel={headingLevel} />
      ))}
    </Box>
  );
}
