import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PhonelinkRingIcon from '@mui/icons-material/PhonelinkRing';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { connectErrorKeys } from './connect-errors.ts';
import type { ConnectState } from './connect-state.ts';

export interface ConnectStatusLineProps {
  state: ConnectState;
}

/** Where the session stands, in one live region so screen readers hear each step. */
export function ConnectStatusLine({ state }: ConnectStatusLineProps) {
  const { t } = useTranslation();
  const { phase } = state;

  if (phase === 'failed') {
    return <Alert severity="error">{state.errorMessage ?? t(connectErrorKeys(state.errorCode))}</Alert>;
  }
  if (phase === 'expired') {
    return (
      <Alert severity="warning" role="status">
        {t('connect.status.expired')}
      </Alert>
    );
  }

  const icon =
    phase === 'succeeded' ? (
      <CheckCircleIcon color="success" />
    ) : phase === 'scanned' ? (
      <PhonelinkRingIcon color="primary" />
    ) : (
      <CircularProgress size={18} aria-hidden="true" />
    );
  const textKey = phase === 'creating' ? 'connect.status.creating' : `connect.status.${phase}`;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
      <Stack aria-hidden="true" sx={{ alignItems: 'center' }}>
        {icon}
      </Stack>
      <Typography role="status" sx={{ fontWeight: phase === 'scanned' ? 600 : 400 }}>
        {t(textKey)}
      </Typography>
    </Stack>
  );
}
