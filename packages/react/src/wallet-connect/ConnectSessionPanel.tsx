import { useTranslation } from 'react-i18next';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CopyButton } from '../ui/CopyButton.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { ConnectStatusLine } from './ConnectStatusLine.tsx';
import { TestWalletButton } from './TestWalletButton.tsx';
import { useConnectSession, type UseConnectSessionOptions } from './use-connect-session.ts';

export interface ConnectSessionPanelProps extends UseConnectSessionOptions {
  onTestWallet?: (token: string) => Promise<void>;
  /** Opens a new session in place of an expired or failed one. */
  onRestart: () => void;
}

/** One connect session: its QR code and deep link while a wallet may answer, then the outcome. */
export function ConnectSessionPanel({
  onTestWallet,
  onRestart,
  ...sessionOptions
}: ConnectSessionPanelProps) {
  const { t } = useTranslation();
  const state = useConnectSession(sessionOptions);
  const { phase, session } = state;
  const waiting = session && (phase === 'created' || phase === 'scanned');

  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      {waiting && (
        <Box sx={{ opacity: phase === 'scanned' ? 0.35 : 1, transition: 'opacity 200ms' }}>
          <QrCode value={session.deep_link} alt={t('connect.qrAlt')} />
        </Box>
      )}
      <ConnectStatusLine state={state} />
      {state.connectionLost && waiting && <Alert severity="warning">{t('connect.reconnecting')}</Alert>}
      {waiting && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" href={session.deep_link} startIcon={<OpenInNewIcon />}>
            {t('connect.openInWallet')}
          </Button>
          <CopyButton
            variant="text"
            value={session.deep_link}
            label={t('connect.copyLink')}
            copiedText={t('connect.linkCopied')}
            failedText={t('connect.copyFailed')}
          />
        </Stack>
      )}
      {waiting && onTestWallet && <TestWalletButton token={session.token} onTestWallet={onTestWallet} />}
      {(phase === 'expired' || phase === 'failed') && (
        <Box sx={{ textAlign: 'center' }}>
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={onRestart}>
            {t('connect.tryAgain')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
