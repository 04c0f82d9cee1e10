import { useEffect, type Dispatch } from 'react';
import type { PaymentIntent } from '@kiosk/contracts';
import type { CheckoutPageState } from './page-state.ts';
import type { PayEvent, PayState } from './pay-flow.ts';
import { PAYING_TIMEOUT_MS } from './use-checkout.ts';

/**
 * Ends a payment's wait that will not end by itself: seed 000 §4, a payment that needs action again
 * and carries an error stops the polling with it; a wait longer than PAYING_TIMEOUT_MS times out.
 */
export function usePayingWatch(
  pay: PayState,
  dispatch: Dispatch<PayEvent>,
  intent: PaymentIntent | null | undefined,
  state: CheckoutPageState,
): void {
  useEffect(() => {
    if (pay.step === 'paying' && intent?.status === 'requires_action' && intent.last_payment_error)
      dispatch({ type: 'refused', message: intent.last_payment_error.message });
  }, [pay.step, intent, dispatch]);
  useEffect(() => {
    if (pay.step !== 'paying' || state === 'completed') return;
    const timer = setTimeout(
      () => dispatch({ type: 'timedOut' }),
      Math.max(0, pay.since + PAYING_TIMEOUT_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [pay, state, dispatch]);
}
