import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { WalletConnectDialog, isUserRejection, useInjectedWallets, type Eip1193Provider } from '@kiosk/react';
import { useSession } from '../../hooks/use-session.ts';
import { ApiError } from '@kiosk/sdk';
import {
  connectTestWallet,
  createConnectSession,
  pollConnectStatus,
  realtimeUrl,
} from '../../lib/connect-api.ts';
import { NoWalletAccountError, signInWithInjectedWallet } from '../../lib/sign-in-with-injected-wallet.ts';

const LOGIN_ACTION = 'login';

export interface SignInDialogProps {
  open: boolean;
  /** The visitor closed the dialog without signing in. */
  onClose: () => void;
  /** The session now has a user; the caller stays where it is (seed 001 §2: back to the current address). */
  onSignedIn?: () => void;
}

/** The wallet's or the server's refusal in words; the server already answers in the visitor's language. */
function walletSignInErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message;
  if (isUserRejection(error)) return t('auth.wallet.rejected');
  if (error instanceof NoWalletAccountError) return t('auth.wallet.noAccount');
  return t('auth.wallet.failed');
}

const pollLoginStatus = (token: string, secret: string) => pollConnectStatus(LOGIN_ACTION, token, secret);

export function SignInDialog({ open, onClose, onSignedIn }: SignInDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const injectedWallets = useInjectedWallets();

  const signInWithWallet = async (provider: Eip1193Provider) => {
    try {
      await signInWithInjectedWallet(provider);
    } catch (error) {
      throw new Error(walletSignInErrorText(error, t), { cause: error });
    }
  };

  const finishSignIn = async () => {
    // The status call that saw success set the cookie; everything cached so far was fetched without it.
    await queryClient.invalidateQueries();
    onSignedIn?.();
  };

  return (
    <WalletConnectDialog<Eip1193Provider>
      open={open}
      action={LOGIN_ACTION}
      title={t('auth.signInTitle')}
      onClose={onClose}
      onSucceeded={() => void finishSignIn()}
      createSession={createConnectSession}
      pollStatus={pollLoginStatus}
      realtimeUrl={realtimeUrl()}
      onTestWallet={session?.test_wallet ? connectTestWallet : undefined}
      injectedWallets={injectedWallets}
      onInjectedWallet={signInWithWallet}
    />
  );
}
