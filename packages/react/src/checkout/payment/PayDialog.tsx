import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { WalletConnectDialog } from '../../wallet-connect/WalletConnectDialog.tsx';
import type { CheckoutSession, PaymentCurrency, EvmTransferInstructions } from '@kiosk/contracts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import type { Eip1193Provider } from '../../wallet/eip1193.ts';
import { useInjectedWallets } from '../../wallet/use-injected-wallets.ts';
import { formatMoney } from '../format-money.ts';
import { checkoutConnect } from './checkout-connect.ts';
import { sendAndNameTransfer } from './wallet-transfer.ts';
import { ANONYMOUS_DONOR_DID } from '@kiosk/core';

export interface PayDialogProps {
  open: boolean;
  /** Seed 000 §7: the connect action is named by the session's mode. */
  action: CheckoutSession['mode'];
  checkoutSessionId: string;
  buyerDid: string;
  instructions: EvmTransferInstructions;
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;
  testMode: boolean;
  onClose: () => void;
  /** A wallet sent the transfer; the page now waits for the chain. */
  onSent: () => void;
}

/**
 * Pays a submitted session with a wallet: one in this browser (it sends the transfer and the page names
 * it), one on a phone through a connect session (the wallet sends and names it), or, in test mode, the
 * server's test wallet.
 */
export function PayDialog({
  open,
  action,
  checkoutSessionId,
  buyerDid,
  instructions,
  currency,
  testMode,
  onClose,
  onSent,
}: PayDialogProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const injectedWallets = useInjectedWallets();
  const amount = formatMoney(instructions.amount, currency);
  const connect = checkoutConnect(client, action, checkoutSessionId, buyerDid, testMode);
  const payFromThisBrowser = (provider: Eip1193Provider) =>
    sendAndNameTransfer(
      provider,
      instructions,
      // Any account may send an anonymous donation; a buyer's order only their own.
      buyerDid === ANONYMOUS_DONOR_DID ? undefined : buyerDid,
      (txHash) =>
        client.call('POST /api/checkout-sessions/:id/pay', {
          params: { id: checkoutSessionId },
          body: { tx_hash: txHash },
        }),
      t,
    );

  return (
    <WalletConnectDialog<Eip1193Provider>
      open={open}
      action={action}
      title={t('checkout.pay.title', { amount })}
      description={
        <Alert severity="info" icon={false}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('checkout.pay.details', { amount, address: instructions.to, chain: instructions.chain_id })}
          </Typography>
        </Alert>
      }
      onClose={onClose}
      onSucceeded={onSent}
      createSession={connect.createSession}
      pollStatus={connect.pollStatus}
      realtimeUrl={connect.realtimeUrl}
      onTestWallet={connect.onTestWallet}
      injectedWallets={injectedWallets}
      onInjectedWallet={payFromThisBrowser}
      injectedWalletLabel={(name) => t('checkout.pay.injected', { name })}
    />
  );
}
