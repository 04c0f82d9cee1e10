import { uiListsMessages } from '@kiosk/core/i18n/ui-lists';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';

/**
 * Why a detail page shows no record: there is none (or none of the reader's: servers hide others'
 * records behind the same 404), the reader may not see it, or it failed to load.
 */
export interface DetailProblem {
  kind: 'notFound' | 'denied' | 'error';
  title?: string;
  description?: ReactNode;
  /** What the reader can do: sign in, say. */
  action?: ReactNode;
  /** A failure's retry, shown as a button. */
  onRetry?: () => void;
  retryLabel?: string;
}

const ICONS = {
  notFound: <SearchOffIcon />,
  denied: <LockOutlinedIcon />,
  error: <ErrorOutlineIcon />,
};

/** The page in place of its record: an icon, a heading that says what is wrong, and what to do. */
export function DetailProblemMessage({ problem }: { problem: DetailProblem }) {
  useScreenMessages(uiListsMessages);
  const { t } = useTranslation();
  const { kind, description, action, onRetry, retryLabel } = problem;
  const title = problem.title ?? t(`ui.detail.${kind}.title`);
  const text = description ?? (kind === 'notFound' ? t('ui.detail.notFound.description') : undefined);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }} aria-hidden>
        {ICONS[kind]}
      </Box>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ maxWidth: 440, whiteSpace: 'pre-line' }}>
          {text}
        </Typography>
      )}
      {action}
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          {retryLabel ?? t('ui.detail.retry')}
        </Button>
      )}
    </Stack>
  );
}
