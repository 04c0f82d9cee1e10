import { Suspense, useState, type Dispatch } from 'react';
import type { CheckoutEnvelope } from '@kiosk/contracts';
import type { PayEvent, PayState } from '../pay-flow.ts';
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
 * Bitcoin's turn of the pay flow, from the submit's answer until the session is paid (the page then
 * shows its success). Everything else is in the dialog's lazy chunk: a card or EVM checkout's first
 * load carries only this.
 */
export function BitcoinStep({ envelope, pay, dispatch, onRefresh }: BitcoinStepProps) {
  // Closed while waiting, the step hides (still watching): the page behind waits on.
  const [hidden, setHidden] = useState<unknown>();
  if (!('instructions' in pay) || pay.instructions.type !== 'bitcoin') return null;
  const { instructions } = pay;
  return (
    <Suspense fallback={null}>
      <BitcoinDialog
        open={hidden !== instructions}
        sessionId={envelope.checkoutSession.id}
        instructions={instructions}
        step={pay.step}
        intent={envelope.paymentIntent}
        dispatch={dispatch}
        onHide={() => setHidden(instructions)}
        onRefresh={onRefresh}
      />
    </Suspense>
  );
}
