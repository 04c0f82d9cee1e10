/**
 * The names of the events a merchant's webhook endpoint can hear (the outbox's `type`, Stripe's names
 * where Stripe has the event), as a plain list without the schema library: the developers screen
 * offers them, and packages/payments/src/events.ts's catalogue is checked against the first list.
 * The server takes any well-formed type or group (webhook-rules.ts), so a name missing here can
 * still be typed in by hand.
 */

/** Kiosk Pay's events (packages/payments/src/events.ts): a name added on one side only fails its type test. */
export const PAYMENTS_EVENT_TYPES = [
  'charge.failed',
  'charge.pending',
  'charge.refunded',
  'charge.succeeded',
  'charge.updated',
  'checkout.session.completed',
  'checkout.session.created',
  'checkout.session.expired',
  'checkout.session.updated',
  'customer.created',
  'customer.updated',
  'customer.subscription.created',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_started',
  'customer.subscription.updated',
  'invoice.created',
  'invoice.finalized',
  'invoice.marked_uncollectible',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.updated',
  'invoice.voided',
  'payment_currency.created',
  'payment_intent.canceled',
  'payment_intent.created',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.updated',
  'payment_link.created',
  'payment_link.updated',
  'payment_method.created',
  'payment_method.updated',
  'price.created',
  'price.updated',
  'product.created',
  'product.updated',
  'refund.canceled',
  'refund.created',
  'refund.failed',
  'refund.succeeded',
  'refund.updated',
  'setting.created',
  'setting.updated',
  'subscription_item.created',
  'subscription_item.deleted',
  'test_helpers.test_clock.advancing',
  'test_helpers.test_clock.created',
  'test_helpers.test_clock.deleted',
  'test_helpers.test_clock.internal_failure',
  'test_helpers.test_clock.ready',
] as const;
export type PaymentsEventName = (typeof PAYMENTS_EVENT_TYPES)[number];

/** The platform's own, one per change of an endpoint (packages/platform/src/webhooks). */
export const WEBHOOK_ENDPOINT_EVENT_TYPES = [
  'webhook_endpoint.created',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.updated',
] as const;
export type WebhookEndpointEventName = (typeof WEBHOOK_ENDPOINT_EVENT_TYPES)[number];

/** Every name an endpoint can pick, in alphabetical order. */
export const WEBHOOK_EVENT_TYPES: readonly (PaymentsEventName | WebhookEndpointEventName)[] = [
  ...PAYMENTS_EVENT_TYPES,
  ...WEBHOOK_ENDPOINT_EVENT_TYPES,
].sort();
