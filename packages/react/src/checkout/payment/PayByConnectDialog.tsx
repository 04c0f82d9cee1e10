import { useTranslation } from 'react-i18next';
import type { Eip1193Provider } from '../../wallet/eip1193.ts';
import { useInjectedWallets } from '../../wallet/use-injected-wallets.ts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { WalletConnectDialog } from '../../wallet-connect/WalletConnectDialog.tsx';
import { walletConnectSession } from './checkout-connect.ts';

export interface PayByConnectDialogProps {
  /** The connect action that pays (`collect-batch`, `collect`) and its params. */
  action: string;
  params: Record<string, string>;
  /** The demo's test wallet may answer (test mode). */
  testMode: boolean;
  title: string;
  onClose: () => void;
  /** A wallet elsewhere (a phone, the test wallet) sent and named the transfer. */
  onSent: () => void;
  /** A wallet in this browser was chosen: the caller sends the transfer and shows its progress. */
  onInjectedWallet: (provider: Eip1193Provider) => void;
}

/**
 * Paying outside a checkout through a connect action: a wallet in this browser, one on a phone (a QR
 * code), or in test mode the server's test wallet.
 */
export function PayByConnectDialog({
  action,
  params,
  testMode,
  title,
  onClose,
  onSent,
  onInjectedWallet,
}: PayByConnectDialogProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const wallets = useInjectedWallets();
  const session = walletConnectSession(client, action, params, testMode);
  return (
    <WalletConnectDialog<Eip1193Provider>
      open
      action={action}
      title={title}
      onClose={onClose}
      onSucceeded={(result) => {
        onClose();
        if (result.method !== 'injected') onSent();
      }}
      createSession={session.createSession}
      pollStatus={session.pollStatus}
      realtimeUrl={session.realtimeUrl}
      onTestWallet={session.onTestWallet}
      injectedWallets={wallets}
      onInjectedWallet={async (provider) => onInjectedWallet(provider)}
      injectedWalletLabel={(name) => t('checkout.pay.injected', { name })}
    />
  );
}
