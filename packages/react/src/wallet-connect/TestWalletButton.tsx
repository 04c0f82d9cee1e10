import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ScienceIcon from '@mui/icons-material/Science';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export interface TestWalletButtonProps {
  token: string;
  onTestWallet: (token: string) => Promise<void>;
}

/**
 * Asks the server's own test wallet to answer this session. The page then learns the outcome like any
 * other wallet's, through the status; so this button only starts it and reports a refusal to start.
 */
export function TestWalletButton({ token, onTestWallet }: TestWalletButtonProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setBusy(true);
    setError(null);
    onTestWallet(token).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof Error && failure.message ? failure.message : t('connect.error.unknown'));
      },
    );
  };

  return (
    <Box sx={{ textAlign: 'center' }}>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<ScienceIcon />}
        onClick={start}
        loading={busy}
        aria-describedby={hintId}
      >
        {t('connect.testWallet')}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('connect.testWalletHint')}
      </Typography>
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
