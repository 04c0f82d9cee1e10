import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@kiosk/sdk';
import { stakeMessages } from '@kiosk/core/i18n/stakes';
import type { CheckoutSession, EvmMandateInstructions, PaymentCurrency } from '@kiosk/contracts';
import { WalletConnectDialog } from '../../wallet-connect/WalletConnectDialog.tsx';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { isUserRejection, type Eip1193Provider } from '../../wallet/eip1193.ts';
import { useInjectedWallets } from '../../wallet/use-injected-wallets.ts';
import { checkoutErrorText } from '../error-text.ts';
import {
  confirmMandate,
  MandateNotSeenError,
  sendMandateCalls,
  TransactionFailedError,
} from './authorise-with-injected-wallet.ts';
import { checkoutConnect } from './checkout-connect.ts';
import { mandateTerms } from './mandate-terms.ts';
import { NoAccountError, WrongAccountError } from './pay-with-injected-wallet.ts';

export interface AuthoriseDialogProps {
  session: CheckoutSession;
  buyerDid: string;
  instructions: EvmMandateInstructions;
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;
  /** Unix seconds: when the order was submitted, for the trial's length. */
  now: number;
  testMode: boolean;
  onClose: () => void;
  /** The mandate is on the chain and the server has it; the page now waits for the session to complete. */
  onAuthorised: () => void;
}

/**
 * A subscription's (or a setup session's) wallet step: says what the customer allows, then has their
 * wallet send the mandate's calls — a wallet in this browser (the page sends them and asks the server
 * to read the chain), one on a phone through a connect session named by the session's mode
 * (`subscription` or `setup`), or in test mode the server's test wallet (both of which send them and
 * have the server read the chain before they answer).
 */
export function AuthoriseDialog({
  session,
  buyerDid,
  instructions,
  currency,
  now,
  testMode,
  onClose,
  onAuthorised,
}: AuthoriseDialogProps) {
  // The stake's text and its refusals ride with this dialog, not in the checkout's first load.
  useScreenMessages(stakeMessages);
  const { t } = useTranslation();
  const { client } = useKiosk();
  const injectedWallets = useInjectedWallets();
  const terms = mandateTerms(instructions, session, currency, now, t);
  const connect = checkoutConnect(client, session.mode, session.id, buyerDid, testMode);

  const authoriseFromThisBrowser = async (provider: Eip1193Provider) => {
    try {
      await sendMandateCalls(provider, instructions, buyerDid.split(':').pop());
      await confirmMandate(() =>
        client.call('POST /api/checkout-sessions/:id/mandate', { params: { id: session.id } }),
      );
    } catch (error) {
      if (isUserRejection(error)) throw new Error(t('checkout.wallet.declinedMandate'), { cause: error });
      if (error instanceof WrongAccountError)
        throw new Error(t('checkout.wallet.wrongAccount'), { cause: error });
      if (error instanceof NoAccountError) throw new Error(t('checkout.wallet.noAccount'), { cause: error });
      if (error instanceof TransactionFailedError)
        throw new Error(t('checkout.wallet.reverted'), { cause: error });
      if (error instanceof MandateNotSeenError)
        throw new Error(t('checkout.authorise.pending'), { cause: error });
      // The server read something other than what was asked (a mandate code): its words.
      if (error instanceof ApiError) throw new Error(checkoutErrorText(error, t), { cause: error });
      throw error;
    }
  };

  return (
    <WalletConnectDialog<Eip1193Provider>
      open
      action={session.mode}
      title={t('checkout.authorise.title')}
      description={
        <Alert severity="info" icon={false} data-testid="mandate-terms">
          <Stack spacing={1}>
            <Typography variant="subtitle2">{terms.offer}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {terms.limit}
            </Typography>
            {terms.stake && (
              <Typography variant="body2" data-testid="mandate-stake">
                {terms.stake}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {terms.steps}
            </Typography>
          </Stack>
        </Alert>
      }
      onClose={onClose}
      onSucceeded={onAuthorised}
      createSession={connect.createSession}
      pollStatus={connect.pollStatus}
      realtimeUrl={connect.realtimeUrl}
      onTestWallet={connect.onTestWallet}
      injectedWallets={injectedWallets}
      onInjectedWallet={authoriseFromThisBrowser}
      injectedWalletLabel={(name) => t('checkout.authorise.injected', { name })}
    />
  );
}
