import {
  chargeMachine,
  checkoutSessionMachine,
  invoiceMachine,
  paymentIntentMachine,
  refundMachine,
  subscriptionMachine,
  type ChargeStatus,
  type CheckoutSessionStatus,
  type InvoiceStatus,
  type PaymentIntentStatus,
  type RefundStatus,
  type SubscriptionStatus,
} from '@kiosk/core';
import type { TestClockStatus } from '@kiosk/contracts';
import type { Platform } from '@kiosk/platform';
import { chargeView } from './charges/view.ts';
import { sessionSnapshot } from './checkout-sessions/view.ts';
import { customerView } from './customers/view.ts';
import type {
  ChargeEvent,
  CheckoutSessionEvent,
  CustomerEvent,
  InvoiceEvent,
  PaymentCurrencyEvent,
  PaymentIntentEvent,
  PaymentLinkEvent,
  PaymentMethodEvent,
  PriceEvent,
  ProductEvent,
  RefundEvent,
  SettingEvent,
  SubscriptionEvent,
  SubscriptionItemEvent,
  TestClockEvent,
} from './events.ts';
import { invoiceView } from './invoices/view.ts';
import { paymentIntentView } from './payment-intents/view.ts';
import { paymentLinkView } from './payment-links/view.ts';
import { currencyView, methodView } from './payment-methods/view.ts';
import { priceView } from './prices/view.ts';
import { merchantMethod } from './payment-methods/secret-settings.ts';
import { productView } from './products/view.ts';
import { refundView } from './refunds/view.ts';
import { settingView } from './settings/view.ts';
import { subscriptionItemView, subscriptionView } from './subscriptions/view.ts';
import type { PaymentsTables } from './tables.ts';
import { testClockMachine } from './test-clocks/table.ts';
import { testClockView } from './test-clocks/view.ts';

/**
 * Kiosk Pay's resources as the platform writes them: each change of one records an event carrying
 * its snapshot in the same transaction, and status changes go through its state machine. Each
 * records only its own events of the catalogue (events.ts): a misspelt name does not compile. A buyer's
 * checkout page listens to `checkout:{session}`, a customer's pages to `customer:{customer}`.
 */
export function paymentsResources(platform: Platform, baseUrl: string) {
  const checkoutTopic = (id: string | null) => (id ? [`checkout:${id}`] : []);
  return {
    checkoutSessions: platform.stateful<
      PaymentsTables['checkout_sessions'],
      CheckoutSessionStatus,
      CheckoutSessionEvent
    >({
      table: 'checkout_sessions',
      objectType: 'checkout.session',
      machine: checkoutSessionMachine,
      snapshot: (row) => sessionSnapshot(row, baseUrl),
      topics: (row) => checkoutTopic(row.id),
    }),
    paymentIntents: platform.stateful<
      PaymentsTables['payment_intents'],
      PaymentIntentStatus,
      PaymentIntentEvent
    >({
      table: 'payment_intents',
      objectType: 'payment_intent',
      machine: paymentIntentMachine,
      snapshot: (row) => paymentIntentView(row),
      topics: (row) => checkoutTopic(row.checkout_session_id),
    }),
    invoices: platform.stateful<PaymentsTables['invoices'], InvoiceStatus, InvoiceEvent>({
      table: 'invoices',
      objectType: 'invoice',
      machine: invoiceMachine,
      snapshot: invoiceView,
      topics: (row) => [`customer:${row.customer_id}`, ...checkoutTopic(row.checkout_session_id)],
    }),
    subscriptions: platform.stateful<PaymentsTables['subscriptions'], SubscriptionStatus, SubscriptionEvent>({
      table: 'subscriptions',
      objectType: 'subscription',
      machine: subscriptionMachine,
      snapshot: (row) => subscriptionView(row),
      topics: (row) => [`customer:${row.customer_id}`],
    }),
    subscriptionItems: platform.resource<PaymentsTables['subscription_items'], SubscriptionItemEvent>({
      table: 'subscription_items',
      objectType: 'subscription_item',
      snapshot: (row) => subscriptionItemView(row, undefined),
    }),
    charges: platform.stateful<PaymentsTables['charges'], ChargeStatus, ChargeEvent>({
      table: 'charges',
      objectType: 'charge',
      machine: chargeMachine,
      snapshot: chargeView,
    }),
    refunds: platform.stateful<PaymentsTables['refunds'], RefundStatus, RefundEvent>({
      table: 'refunds',
      objectType: 'refund',
      machine: refundMachine,
      snapshot: refundView,
    }),
    customers: platform.resource<PaymentsTables['customers'], CustomerEvent>({
      table: 'customers',
      objectType: 'customer',
      snapshot: customerView,
    }),
    products: platform.resource<PaymentsTables['products'], ProductEvent>({
      table: 'products',
      objectType: 'product',
      snapshot: (row) => {
        const { prices: _listedApart, ...product } = productView(row, []);
        return product;
      },
    }),
    prices: platform.resource<PaymentsTables['prices'], PriceEvent>({
      table: 'prices',
      objectType: 'price',
      snapshot: priceView,
    }),
    settings: platform.resource<PaymentsTables['settings'], SettingEvent>({
      table: 'settings',
      objectType: 'setting',
      snapshot: (row) => settingView(row),
    }),
    paymentLinks: platform.resource<PaymentsTables['payment_links'], PaymentLinkEvent>({
      table: 'payment_links',
      objectType: 'payment_link',
      snapshot: (row) => paymentLinkView(row, baseUrl),
    }),
    paymentMethods: platform.resource<PaymentsTables['payment_methods'], PaymentMethodEvent>({
      table: 'payment_methods',
      objectType: 'payment_method',
      snapshot: (row) => {
        const { payment_currencies: _listedApart, ...method } = merchantMethod(methodView(row, []));
        return method;
      },
    }),
    paymentCurrencies: platform.resource<PaymentsTables['payment_currencies'], PaymentCurrencyEvent>({
      table: 'payment_currencies',
      objectType: 'payment_currency',
      snapshot: currencyView,
    }),
    testClocks: platform.stateful<PaymentsTables['test_clocks'], TestClockStatus, TestClockEvent>({
      table: 'test_clocks',
      objectType: 'test_helpers.test_clock',
      machine: testClockMachine,
      snapshot: testClockView,
    }),
  };
}

export type PaymentsResources = ReturnType<typeof paymentsResources>;
