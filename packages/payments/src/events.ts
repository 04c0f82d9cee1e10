import type {
  Charge,
  Customer,
  Invoice,
  PaymentCurrency,
  PaymentIntent,
  PaymentLink,
  PaymentMethod,
  Price,
  Product,
  Refund,
  Setting,
  Subscription,
  TestClockObject,
} from '@kiosk/contracts';
import type { SessionSnapshot } from './checkout-sessions/view.ts';

/**
 * Kiosk Pay's events: the names each resource records (resources.ts builds each resource with its
 * own, so it can record no other) and the snapshot they carry, the shape webhooks will send. Names
 * follow Stripe's where Stripe has the event.
 */

export type CheckoutSessionEvent =
  | 'checkout.session.created'
  | 'checkout.session.updated'
  | 'checkout.session.completed'
  | 'checkout.session.expired';
export type PaymentIntentEvent =
  | 'payment_intent.created'
  | 'payment_intent.updated'
  | 'payment_intent.processing'
  | 'payment_intent.payment_failed'
  | 'payment_intent.succeeded'
  | 'payment_intent.canceled';
export type InvoiceEvent =
  | 'invoice.created'
  | 'invoice.finalized'
  | 'invoice.updated'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.marked_uncollectible'
  | 'invoice.voided';
export type SubscriptionEvent =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.trial_started'
  | 'customer.subscription.paused'
  | 'customer.subscription.resumed'
  | 'customer.subscription.deleted';
export type SubscriptionItemEvent = 'subscription_item.created' | 'subscription_item.deleted';
export type ChargeEvent =
  'charge.pending' | 'charge.succeeded' | 'charge.failed' | 'charge.updated' | 'charge.refunded';
export type RefundEvent =
  'refund.created' | 'refund.updated' | 'refund.succeeded' | 'refund.failed' | 'refund.canceled';
export type CustomerEvent = 'customer.created' | 'customer.updated';
export type ProductEvent = 'product.created' | 'product.updated';
export type PriceEvent = 'price.created' | 'price.updated';
export type PaymentLinkEvent = 'payment_link.created' | 'payment_link.updated';
export type PaymentMethodEvent = 'payment_method.created' | 'payment_method.updated';
export type PaymentCurrencyEvent = 'payment_currency.created';
export type SettingEvent = 'setting.created' | 'setting.updated';
export type TestClockEvent =
  | 'test_helpers.test_clock.created'
  | 'test_helpers.test_clock.advancing'
  | 'test_helpers.test_clock.ready'
  | 'test_helpers.test_clock.internal_failure'
  | 'test_helpers.test_clock.deleted';

/** Kiosk Pay's events and the snapshot each carries. */
export type PaymentsEvents = Record<CheckoutSessionEvent, SessionSnapshot> &
  Record<PaymentIntentEvent, PaymentIntent> &
  Record<InvoiceEvent, Invoice> &
  Record<SubscriptionEvent, Subscription> &
  Record<SubscriptionItemEvent, Subscription['items'][number]> &
  Record<ChargeEvent, Charge> &
  Record<RefundEvent, Refund> &
  Record<CustomerEvent, Customer> &
  // A product's and a method's events leave out what is listed apart (its prices, its currencies).
  Record<ProductEvent, Omit<Product, 'prices'>> &
  Record<PriceEvent, Price> &
  Record<PaymentLinkEvent, PaymentLink> &
  Record<PaymentMethodEvent, Omit<PaymentMethod, 'payment_currencies'>> &
  Record<PaymentCurrencyEvent, PaymentCurrency> &
  Record<TestClockEvent, TestClockObject> &
  Record<SettingEvent, Setting>;
export type PaymentsEventType = keyof PaymentsEvents;

declare module '@kiosk/platform' {
  // The platform's catalogue of every module's events (subscribers name only these).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventCatalogue extends PaymentsEvents {}
}
