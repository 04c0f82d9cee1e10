/**
 * The event types Kiosk Pay records (the outbox's `type`, Stripe's names), offered when an endpoint
 * picks what it hears and as the events log's filter. The server takes any well-formed type or group
 * (webhookEventPattern), so a type added later can still be typed in by hand.
 */
export const KNOWN_EVENT_TYPES = [
  'charge.failed',
  'charge.pending',
  'charge.refund.updated',
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
  'refund.created',
  'refund.failed',
  'refund.succeeded',
  'refund.updated',
  'setup_intent.created',
  'setup_intent.succeeded',
  'subscription_item.created',
  'subscription_item.deleted',
  'webhook_endpoint.created',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.updated',
] as const;

export const EVERY_EVENT = '*';

/** `charge.*`, `invoice.*` …: each object's events as one group (its type less the last part). */
export const EVENT_GROUPS: readonly string[] = [
  ...new Set(KNOWN_EVENT_TYPES.map((type) => `${type.slice(0, type.lastIndexOf('.'))}.*`)),
];

/** What an endpoint can listen to: everything, a group, or one type, in that order. */
export const EVENT_PATTERN_OPTIONS: readonly string[] = [EVERY_EVENT, ...EVENT_GROUPS, ...KNOWN_EVENT_TYPES];
