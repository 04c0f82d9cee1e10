import { KioskError } from '@kiosk/core';
import Stripe from 'stripe';
import type { RailNotice } from '../adapter.ts';
import { MANDATE_KEY } from './mandates.ts';
import { PAYMENT_KEY } from './payments.ts';

/**
 * The events that may change what a payment is worth: paid, being paid, or refused. The others (a
 * PaymentIntent created, waiting for 3-D Secure) would only make the order wait on a check.
 */
const OUTCOMES = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
]);

const REFUND_CHANGES = new Set(['charge.refunded', 'charge.refund.updated', 'refund.updated']);

/**
 * A Stripe webhook, checked with the SDK against the endpoint's signing secret (and its timestamp
 * tolerance, which refuses an old event replayed by someone who caught it). It only says which payment
 * to look at: what happened is read from Stripe afterwards, so events late, twice or out of order
 * decide nothing by themselves.
 */
export function readStripeNotice(
  stripe: Stripe,
  signingSecret: string | undefined,
  notice: { body: string; headers: Record<string, unknown> },
): RailNotice {
  const signature = notice.headers['stripe-signature'];
  let event: Stripe.Event;
  try {
    if (!signingSecret || typeof signature !== 'string') throw new Error('unsigned');
    event = stripe.webhooks.constructEvent(notice.body, signature, signingSecret);
  } catch {
    throw new KioskError('RAIL_NOTICE_REFUSED', { status: 400 });
  }
  if (OUTCOMES.has(event.type)) {
    const intent = event.data.object as Stripe.PaymentIntent;
    const paymentKey = intent.metadata?.[PAYMENT_KEY];
    if (paymentKey) return { kind: 'payment', id: event.id, reference: intent.id, paymentKey };
  }
  // A card saved for a subscription: the customer may have closed the page before it said so.
  if (event.type === 'setup_intent.succeeded') {
    const mandateKey = (event.data.object as Stripe.SetupIntent).metadata?.[MANDATE_KEY];
    if (mandateKey) return { kind: 'mandate', id: event.id, mandateKey };
  }
  // A refund made, or one under way settled, Kiosk's or one made in Stripe's dashboard.
  if (REFUND_CHANGES.has(event.type)) {
    const { payment_intent } = event.data.object as Stripe.Charge | Stripe.Refund;
    const reference = typeof payment_intent === 'string' ? payment_intent : payment_intent?.id;
    if (reference) return { kind: 'refunds', id: event.id, reference };
  }
  return { kind: 'ignored', id: event.id };
}
