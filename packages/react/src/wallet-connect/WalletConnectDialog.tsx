import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { ConnectSessionPanel } from './ConnectSessionPanel.tsx';
import { InjectedWalletList } from './InjectedWalletList.tsx';
import type {
  ConnectSession,
  ConnectStatusAnswer,
  InjectedWalletOption,
  WalletConnectResult,
} from './types.ts';

export interface WalletConnectDialogProps<Provider = unknown> {
  open: boolean;
  /** The connect action, e.g. `login` (docs/identity.md §2). */
  action: string;
  title?: ReactNode;
  /** What the wallet is asked to do, shown above the ways to answer (e.g. the amount to pay). */
  description?: ReactNode;
  onClose: () => void;
  /** Called once per success, by either way of connecting. */
  onSucceeded: (result: WalletConnectResult) => void;
  createSession: (action: string) => Promise<ConnectSession>;
  pollStatus: (token: string, secret: string) => Promise<ConnectStatusAnswer>;
  /** The realtime websocket; the dialog polls every 2 s without it or when it fails. */
  realtimeUrl?: string;
  /** Test mode and demos only: lets the server's test wallet answer the session. */
  onTestWallet?: (token: string) => Promise<void>;
  injectedWallets?: readonly InjectedWalletOption<Provider>[];
  /** Signs in with a wallet in this page; a rejection's message is shown as it is. */
  onInjectedWallet?: (provider: Provider, wallet: InjectedWalletOption<Provider>) => Promise<void>;
  /** The injected wallets' button text for a wallet's name ("Connect {name}" by default). */
  injectedWalletLabel?: (walletName: string) => string;
}

/**
 * Connects a wallet: one in this browser, or one on another device through a connect session shown as
 * a QR code and a deep link. It takes every call as a prop, so a host app and the checkout can embed it.
 */
export function WalletConnectDialog<Provider = unknown>({
  open,
  action,
  title,
  description,
  onClose,
  onSucceeded,
  createSession,
  pollStatus,
  realtimeUrl,
  onTestWallet,
  injectedWallets = [],
  onInjectedWallet,
  injectedWalletLabel,
}: WalletConnectDialogProps<Provider>) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [busyWalletId, setBusyWalletId] = useState<string | null>(null);
  const [injectedError, setInjectedError] = useState<string | null>(null);
  const titleId = useId();
  const showInjected = onInjectedWallet && injectedWallets.length > 0;

  // A refusal belongs to the attempt it answered; the next opening starts clean.
  const close = () => {
    setInjectedError(null);
    onClose();
  };

  const chooseInjected = (wallet: InjectedWalletOption<Provider>) => {
    if (!onInjectedWallet) return;
    setBusyWalletId(wallet.id);
    setInjectedError(null);
    onInjectedWallet(wallet.provider, wallet).then(
      () => {
        setBusyWalletId(null);
        onSucceeded({ method: 'injected', action, walletId: wallet.id });
      },
      (error: unknown) => {
        setBusyWalletId(null);
        setInjectedError(
          error instanceof Error && error.message ? error.message : t('connect.error.unknown'),
        );
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title ?? t('connect.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('connect.close')}
        onClick={close}
        sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Stack spacing={2}>
          {description}
          {showInjected && (
            <>
              <InjectedWalletList
                wallets={injectedWallets}
                busyWalletId={busyWalletId}
                error={injectedError}
                onChoose={chooseInjected}
                label={injectedWalletLabel}
              />
              <Divider>{t('connect.or')}</Divider>
            </>
          )}
          <ConnectSessionPanel
            // A new key is a new session: state, timers and socket all start afresh.
            key={attempt}
            action={action}
            createSession={createSession}
            pollStatus={pollStatus}
            realtimeUrl={realtimeUrl}
            onSucceeded={onSucceeded}
            onTestWallet={onTestWallet}
            onRestart={() => setAttempt((n) => n + 1)}
          />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
