import { ApiError } from '@kiosk/sdk';
import type { CheckoutEnvelope } from '@kiosk/contracts';

/**
 * Seed 001 §2 "Checkout screen": the states of the checkout page, one at a time. `notFound` is the
 * error state of a link or session that does not exist, said in the page's own words.
 */
export type CheckoutPageState = 'loading' | 'error' | 'notFound' | 'expired' | 'empty' | 'form' | 'completed';

/** A checkout id is a payment link's (`plink_`) or a checkout session's (`cs_`). */
export function isCheckoutId(id: string): boolean {
  return /^(plink|cs)_[0-9A-Za-z]+$/.test(id);
}

/**
 * Completed wins (a paid session stays paid after its time); then expired (expires_at not later than
 * now, seed 001 §5), then an empty cart, else the form.
 */
export function checkoutPageState(input: {
  envelope: CheckoutEnvelope | undefined;
  error: unknown;
  /** Unix seconds. */
  now: number;
}): CheckoutPageState {
  const session = input.envelope?.checkoutSession;
  if (!session) return input.error ? (isUnknownCheckout(input.error) ? 'notFound' : 'error') : 'loading';
  if (isCompleted(session)) return 'completed';
  if (session.status === 'expired' || session.expires_at <= input.now) return 'expired';
  // A setup session sells nothing: its subscription is what the page shows.
  if (session.line_items.length === 0 && session.mode !== 'setup') return 'empty';
  return 'form';
}

/**
 * The server knows no such link or session: a 404, or a 400 refusing the id itself (`plink_nope` is
 * shaped like an id here but too short for the server's rule), which is no different to the buyer.
 */
export function isUnknownCheckout(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.status === 404 || (error.status === 400 && error.details.some(({ path }) => path === 'params.id'))
  );
}

/**
 * Seed 000 §4: complete when paid or when no payment is required. A setup session requires none from
 * the start, so only its status says it is done (its mandate is in place).
 */
export function isCompleted(session: CheckoutEnvelope['checkoutSession']): boolean {
  if (session.status === 'complete' || session.payment_status === 'paid') return true;
  return session.payment_status === 'no_payment_required' && session.mode !== 'setup';
}
