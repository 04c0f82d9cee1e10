import { Suspense, useEffect, useState, type Dispatch } from 'react';
import { nowUnix } from '@kiosk/core';
import type { BitcoinInstructions, CheckoutEnvelope, PaymentIntent } from '@kiosk/contracts';
import type { PayEvent, PayState } from '../pay-flow.ts';
import type { BitcoinSeen } from './BitcoinDialog.tsx';
import { BitcoinDialog } from './lazy-bitcoin-dialog.ts';

export interface BitcoinStepProps {
  /** The session as last polled: its payment intent says what the server saw on the address. */
  envelope: CheckoutEnvelope;
  pay: PayState;
  dispatch: Dispatch<PayEvent>;
  /** Reads the session again (the order's time ran out: the page says so). */
  onRefresh: () => void;
}

/**
 * Bitcoin's turn of the pay flow: the step is open from the submit's answer until the session is paid
 * (the page then shows its success) or the buyer closes it. Its code loads only here.
 */
export function BitcoinStep({ envelope, pay, dispatch, onRefresh }: BitcoinStepProps) {
  const instructions = bitcoinInstructionsOf(pay);
  const waiting = pay.step === 'paying' || pay.step === 'timeout';
  // Closed while waiting, the step hides: the page behind waits on (its status says so).
  const [hidden, setHidden] = useState<BitcoinInstructions>();
  // A block takes minutes, more than the page's usual wait: until the order's end it waits on.
  useEffect(() => {
    if (pay.step === 'timeout' && instructions && nowUnix() < instructions.expires_at)
      dispatch({ type: 'checkAgain', now: Date.now() });
  }, [pay.step, instructions, dispatch]);
  if (!instructions || hidden === instructions) return null;
  return (
    <Suspense fallback={null}>
      <BitcoinDialog
        sessionId={envelope.checkoutSession.id}
        instructions={instructions}
        waiting={waiting}
        seen={waiting ? bitcoinSeenOf(envelope.paymentIntent, instructions) : undefined}
        onClose={() => (waiting ? setHidden(instructions) : dispatch({ type: 'dialogClosed' }))}
        onNamed={() => dispatch({ type: 'sent', now: Date.now() })}
        onRestart={() => {
          dispatch({ type: 'restart' });
          onRefresh();
        }}
      />
    </Suspense>
  );
}

function bitcoinInstructionsOf(pay: PayState): BitcoinInstructions | undefined {
  switch (pay.step) {
    case 'bitcoin':
    case 'paying':
    case 'timeout':
      return pay.instructions.type === 'bitcoin' ? pay.instructions : undefined;
    default:
      return undefined;
  }
}

/**
 * The confirmations the server reports for the payment on its address, when its answer carries them
 * (`payment_details.bitcoin.confirmations`); otherwise nothing is said beyond waiting.
 */
export function bitcoinSeenOf(
  intent: PaymentIntent | null | undefined,
  instructions: BitcoinInstructions,
): BitcoinSeen | undefined {
  if (!intent || intent.status === 'succeeded') return undefined;
  const details = intent.payment_details['bitcoin'];
  if (!details || typeof details !== 'object') return undefined;
  const { confirmations } = details as { confirmations?: unknown };
  const seen = Number(confirmations);
  if (confirmations === undefined || confirmations === null || !Number.isInteger(seen) || seen < 0)
    return undefined;
  return { seen, needed: instructions.confirmations };
}
