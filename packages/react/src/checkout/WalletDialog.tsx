import { Suspense, lazy, type Dispatch } from 'react';
import type { CheckoutSession } from '@kiosk/contracts';
import { ANONYMOUS_DONOR_DID } from '@kiosk/core';
import { isDonation } from './donation.ts';
import type { CurrencyChoice } from './order-view.ts';
import type { PayEvent, PayState } from './pay-flow.ts';

// The wallet dialog, its QR code and the wallet code load when the buyer pays.
const PayDialog = lazy(() =>
  import('./payment/PayDialog.tsx').then((module) => ({ default: module.PayDialog })),
);
// A subscription's or a setup session's: what the customer allows, and the wallet that signs it.
const AuthoriseDialog = lazy(() =>
  import('./payment/AuthoriseDialog.tsx').then((module) => ({ default: module.AuthoriseDialog })),
);

export interface WalletDialogProps {
  session: CheckoutSession;
  pay: PayState;
  dispatch: Dispatch<PayEvent>;
  /** The signed-in buyer's DID; without it no wallet is asked, but for an anonymous donation. */
  buyerDid: string | undefined;
  /** The currencies offered: the submit's instructions name theirs. */
  choices: CurrencyChoice[];
  /** When the last submit answered: the trial the customer is shown runs from then. */
  submittedAt: number;
  testWallet: boolean;
}

/** The wallet's turn of the pay flow: paying the order now, or authorising a subscription's cycles. */
export function WalletDialog({
  session,
  pay,
  dispatch,
  buyerDid,
  choices,
  submittedAt,
  testWallet,
}: WalletDialogProps) {
  const instructions = 'instructions' in pay ? pay.instructions : undefined;
  const currency = choices.find((choice) => choice.currency.id === instructions?.currency_id)?.currency;
  // An anonymous donor's wallet pays as the anonymous donor: any account may (seed 000 §6).
  const payerDid = buyerDid ?? (isDonation(session) ? ANONYMOUS_DONOR_DID : undefined);
  if (!payerDid || !currency) return null;
  if (pay.step === 'wallet')
    return (
      <Suspense fallback={null}>
        <PayDialog
          open
          action={session.mode}
          checkoutSessionId={session.id}
          buyerDid={payerDid}
          instructions={pay.instructions}
          currency={currency}
          testMode={!session.livemode && testWallet}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          onSent={() => dispatch({ type: 'sent', now: Date.now() })}
        />
      </Suspense>
    );
  if (pay.step === 'authorise')
    return (
      <Suspense fallback={null}>
        <AuthoriseDialog
          session={session}
          buyerDid={payerDid}
          instructions={pay.instructions}
          currency={currency}
          now={submittedAt}
          testMode={!session.livemode && testWallet}
          onClose={() => dispatch({ type: 'dialogClosed' })}
          onAuthorised={() => dispatch({ type: 'sent', now: Date.now() })}
        />
      </Suspense>
    );
  return null;
}
