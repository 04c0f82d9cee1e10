import { defineMachine } from './machine.ts';

/**
 * Stripe's payment intent vocabulary. Kiosk's crypto flow: created `requires_action` (the buyer must
 * send a transfer) → `processing` while a named transfer is being checked → `succeeded`, or back to
 * `requires_action` with `last_payment_error` when the check refuses it or runs out. Collecting a
 * pre-authorised amount (subscriptions) goes `requires_confirmation` → `processing`; cards add
 * `requires_payment_method` after a decline and `requires_capture` for manual capture. A chain can
 * still undo a payment after it reached its confirmations (a Bitcoin reorg deeper than them): the
 * intent then goes back from `succeeded` to `processing` until its payment is confirmed again.
 */
export const paymentIntentMachine = defineMachine({
  resource: 'payment_intent',
  states: [
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
    'succeeded',
    'canceled',
  ],
  initial: ['requires_payment_method', 'requires_confirmation', 'requires_action'],
  transitions: {
    requires_payment_method: ['requires_confirmation', 'requires_action', 'processing', 'canceled'],
    requires_confirmation: ['requires_action', 'processing', 'canceled'],
    requires_action: ['requires_payment_method', 'processing', 'canceled'],
    processing: ['requires_payment_method', 'requires_action', 'requires_capture', 'succeeded'],
    requires_capture: ['succeeded', 'canceled'],
    succeeded: ['processing'],
    canceled: [],
  },
});
export type PaymentIntentStatus = (typeof paymentIntentMachine.states)[number];
export const PAYMENT_INTENT_STATUSES = paymentIntentMachine.states;

/** Statuses in which the amount, currency or method of an intent may still change. */
export const REAIMABLE_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const satisfies readonly PaymentIntentStatus[];
