import { defineMachine } from './machine.ts';

/**
 * A checkout session is open until it is paid (or needs no payment) and becomes complete, or its time
 * runs out (or the merchant expires it). Both ends are final: a paid order is never reopened, an
 * expired one is never paid (a transfer arriving for it is recorded for refund).
 */
export const checkoutSessionMachine = defineMachine({
  resource: 'checkout.session',
  states: ['open', 'complete', 'expired'],
  initial: ['open'],
  transitions: {
    open: ['complete', 'expired'],
    complete: [],
    expired: [],
  },
});
export type CheckoutSessionStatus = (typeof checkoutSessionMachine.states)[number];
export const CHECKOUT_SESSION_STATUSES = checkoutSessionMachine.states;

/** Why an order can no longer change or be paid; each code is also its error text (`error.{code}`). */
export type CheckoutRefusal = 'CHECKOUT_ALREADY_PAID' | 'CHECKOUT_SESSION_EXPIRED' | 'PAYMENT_IN_PROGRESS';

export const CHECKOUT_REFUSAL_STATUS: Record<CheckoutRefusal, number> = {
  CHECKOUT_ALREADY_PAID: 409,
  CHECKOUT_SESSION_EXPIRED: 410,
  PAYMENT_IN_PROGRESS: 409,
};

/**
 * The one "may this order still change or be paid" rule that submit, every edit, naming a transfer
 * and the paying wallet share: not paid, not expired (by status or by time), and no named payment
 * being checked (a change now would re-aim the payment under the transfer that is on its way).
 */
export function checkoutRefusal(
  session: { status: string; payment_status: string; expires_at: number },
  intentStatus: string | undefined,
  nowUnix: number,
): CheckoutRefusal | undefined {
  if (session.status === 'complete' || session.payment_status === 'paid' || intentStatus === 'succeeded')
    return 'CHECKOUT_ALREADY_PAID';
  if (session.status === 'expired' || session.expires_at <= nowUnix) return 'CHECKOUT_SESSION_EXPIRED';
  if (intentStatus === 'processing') return 'PAYMENT_IN_PROGRESS';
  return undefined;
}
