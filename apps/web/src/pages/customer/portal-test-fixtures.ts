import type { Invoice, MyCustomer, Subscription } from '@kiosk/contracts';
import { customer, price } from '@kiosk/react/testing';

/**
 * Subscriptions and invoices shaped as the Kiosk Pay API answers them to their customer, for the
 * portal's page tests (the server's own tests, packages/payments/src/subscriptions.test.ts, make the
 * real ones).
 */

/** The tests' clock: 2026-01-10 00:00 UTC, in unix seconds. */
export const NOW = 1_767_916_800;
export const DAY = 86_400;

/** 1 KDT (6 decimals) a month. */
export const monthly = price({
  id: 'price_monthly',
  name: 'Pro plan',
  unit_amount: '1000000',
  currency_options: [],
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', proration_mode: 'prorate' },
});

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  const id = overrides.id ?? 'sub_1';
  const start = NOW - 9 * DAY;
  return {
    id,
    object: 'subscription',
    livemode: false,
    status: 'active',
    customer_id: 'cus_1',
    currency_id: 'pc_kdt',
    default_payment_method_id: 'pm_local',
    description: null,
    recurring: { interval: 'month', interval_count: 1 },
    checkout_session_id: 'cs_test0000001',
    latest_invoice_id: null,
    pending_update: null,
    billing_cycle_anchor: start,
    current_period_start: start,
    current_period_end: start + 31 * DAY,
    start_date: start,
    trial_start: null,
    trial_end: null,
    ended_at: null,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancelation_details: {},
    collection_method: 'charge_automatically',
    payment_details: {},
    stake: null,
    items: [
      {
        id: `si_${id}`,
        object: 'subscription_item',
        subscription_id: id,
        price_id: monthly.id,
        quantity: 1,
        price: monthly,
        product_name: monthly.product.name,
        metadata: {},
        created_at: start,
      },
    ],
    metadata: {},
    created_at: start,
    updated_at: start,
    ...overrides,
  };
}

/** A subscription's items as the fixture's, of a product named `name`: what a buyer knows it by. */
export function ofProduct(name: string): Pick<Subscription, 'items'> {
  return { items: subscription().items.map((item) => ({ ...item, product_name: name })) };
}

/** A subscription in its free trial, `daysLeft` days (or a fraction of one) from its end. */
export function trialing(daysLeft: number, overrides: Partial<Subscription> = {}): Subscription {
  const trialEnd = NOW + Math.round(daysLeft * DAY);
  return subscription({
    status: 'trialing',
    trial_start: trialEnd - 7 * DAY,
    trial_end: trialEnd,
    current_period_start: trialEnd - 7 * DAY,
    current_period_end: trialEnd,
    ...overrides,
  });
}

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    livemode: false,
    number: 'KSK-20260101-AB12CD',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    description: null,
    customer_id: 'cus_1',
    subscription_id: 'sub_1',
    checkout_session_id: null,
    payment_intent_id: null,
    currency_id: 'pc_kdt',
    subtotal: '1000000',
    total: '1000000',
    amount_due: '1000000',
    amount_paid: '1000000',
    amount_remaining: '0',
    lines: [],
    period_start: NOW - 9 * DAY,
    period_end: NOW + 22 * DAY,
    status_transitions: { paid_at: NOW - 9 * DAY },
    attempt_count: 1,
    next_payment_attempt: null,
    last_payment_error: null,
    customer_name: null,
    customer_email: null,
    customer_phone: null,
    customer_address: null,
    metadata: {},
    created_at: NOW - 9 * DAY,
    updated_at: NOW - 9 * DAY,
    ...overrides,
  };
}

/** `GET /api/customers/me` of a buyer who has checked out in test mode (their customer is cus_1). */
export function me(id: string | null = 'cus_1'): MyCustomer {
  return {
    ...customer(),
    id,
    created_at: id ? NOW - 30 * DAY : null,
    updated_at: id ? NOW - 30 * DAY : null,
  };
}
