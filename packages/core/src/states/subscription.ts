import { defineMachine } from './machine.ts';

/**
 * Subscriptions, in Stripe's vocabulary (seed 000 §1, issue 11 item 4). Why each transition exists:
 *
 * - Start. A subscription with a free trial starts `trialing`; one whose first payment is due at once
 *   starts `incomplete` until that payment arrives; one that needs no first payment (a zero total, or
 *   a first payment already settled with the checkout) may start `active`.
 * - `incomplete` → `trialing` when the customer authorises collection (the mandate) for a subscription
 *   with a trial: a checkout makes the subscription `incomplete` until then, whether or not it has a
 *   trial, so that nothing runs (or is counted as a subscriber) without a way to pay.
 * - `incomplete` → `active` when the first payment arrives; → `incomplete_expired` when it never
 *   arrives in time (Stripe gives 23 hours), which is final: nothing was ever paid, so there is nothing
 *   to resume; → `canceled` when the merchant or the customer gives up before paying.
 * - `trialing` → `active` when the trial ends and the first cycle invoice is collected; → `past_due`
 *   when the trial ends and that invoice cannot be collected after its retries; → `canceled` when the
 *   customer cancels a trial (seed 000 §1: "a free trial is cancelled at once") or the trial ends with
 *   no payment method and the merchant chose `cancel`; → `paused` when it ends that way and the
 *   merchant chose `pause` (Stripe's `trial_settings.end_behavior.missing_payment_method`).
 * - `active` → `past_due` when a cycle invoice is still unpaid after its retries with backoff (a
 *   single failed attempt does not change the status: the retries run while it stays active);
 *   → `paused` when the merchant pauses collection; → `canceled` when it is cancelled at once, or when
 *   a cancel scheduled for the period end comes due. Scheduling that cancel (`cancel_at_period_end`)
 *   and undoing it before the date ("resume" in the portal, `recover` in the original) change no
 *   status: a paid period stays active to its end (seed 000 §1).
 * - `past_due` → `active` once the overdue invoices are paid (in the past-due dialog or by a later
 *   retry); → `canceled` when the grace period runs out (reason `payment_failed`) or the customer
 *   cancels rather than pay.
 * - `paused` → `active` when collection resumes (by hand or at `resumes_at`); → `canceled`.
 * - `canceled` is final, as in Stripe: resuming an ended subscription makes a new one that points to it
 *   (`recovered_from`, billing reason `subscription_recover`), so the old one's history stays true.
 */
export const subscriptionMachine = defineMachine({
  resource: 'subscription',
  states: ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'paused', 'canceled'],
  initial: ['incomplete', 'trialing', 'active'],
  transitions: {
    incomplete: ['trialing', 'active', 'incomplete_expired', 'canceled'],
    incomplete_expired: [],
    trialing: ['active', 'past_due', 'paused', 'canceled'],
    active: ['past_due', 'paused', 'canceled'],
    past_due: ['active', 'canceled'],
    paused: ['active', 'canceled'],
    canceled: [],
  },
});
export type SubscriptionStatus = (typeof subscriptionMachine.states)[number];
export const SUBSCRIPTION_STATUSES = subscriptionMachine.states;
