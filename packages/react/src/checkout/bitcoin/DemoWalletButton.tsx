import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { BitcoinInstructions } from '@kiosk/contracts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { useKioskSession } from '../../session/use-kiosk-session.ts';
import { checkoutErrorText } from '../error-text.ts';

export interface DemoWalletButtonProps {
  sessionId: string;
  instructions: BitcoinInstructions;
  disabled: boolean;
  /** The demo's chain sent the payment: the step names the address, as after "I have paid". */
  onSent: () => Promise<void>;
}

/**
 * The demo's Bitcoin wallet: where the server has the test wallet (the demo, tests) and the order is
 * paid on a regtest chain, the server's local chain sends it exactly what the address asks
 * (`POST /api/test-wallet/bitcoin-payments`), so a newcomer without a Bitcoin wallet can pay. Nothing
 * elsewhere.
 */
export function DemoWalletButton({ sessionId, instructions, disabled, onSent }: DemoWalletButtonProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const session = useKioskSession();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (!session.data?.test_wallet || instructions.network !== 'regtest') return null;

  const pay = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await client.call('POST /api/test-wallet/bitcoin-payments', {
        body: { checkout_session_id: sessionId },
      });
      await onSent();
    } catch (error) {
      setProblem(t('checkoutBitcoin.demoWalletFailed', { reason: checkoutErrorText(error, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        color="warning"
        onClick={() => void pay()}
        disabled={disabled}
        loading={busy}
        aria-describedby={hintId}
        fullWidth
      >
        {t('checkoutBitcoin.demoWallet')}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {t('checkoutBitcoin.demoWalletHint')}
      </Typography>
      {problem && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
