import type { CheckoutSession } from '@kiosk/contracts';

/**
 * A donation (seed 000 §2): a one-time order whose submit_type is `donate`. It is submitted with
 * donate-submit, and may be without signing in (§6): the wallet that pays it is its supporter.
 */
export const isDonation = (session: Pick<CheckoutSession, 'submit_type' | 'mode'>): boolean =>
  session.submit_type === 'donate' && session.mode === 'payment';
