import type { CheckoutSession } from '@kiosk/contracts';
import { flag, moneyText } from '../db.ts';
import { type StoredLine } from '../prices/queries.ts';
import type { PaymentsTables } from '../tables.ts';
import { checkoutSessionJson } from './table.ts';

type SessionRow = PaymentsTables['checkout_sessions'];

/**
 * A session as its events carry it: the stored lines, no prices expanded (as Stripe's webhooks), and
 * nothing read of its buyer's other rows (`trial_eligible`).
 */
export type SessionSnapshot = Omit<CheckoutSession, 'line_items' | 'trial_eligible'> & {
  line_items: StoredLine[];
};

export function sessionSnapshot(row: SessionRow, baseUrl: string): SessionSnapshot {
  return {
    id: row.id,
    object: 'checkout.session',
    livemode: flag(row.livemode),
    mode: row.mode,
    status: row.status,
    payment_status: row.payment_status,
    payment_link_id: row.payment_link_id,
    customer_id: row.customer_id,
    customer_did: row.customer_did,
    currency_id: row.currency_id,
    line_items: checkoutSessionJson.line_items.read(row.line_items),
    amount_subtotal: moneyText(row.amount_subtotal),
    amount_total: moneyText(row.amount_total),
    expires_at: Number(row.expires_at),
    submit_type: row.submit_type,
    cross_sell_behavior: row.cross_sell_behavior,
    phone_number_collection: checkoutSessionJson.phone_number_collection.read(row.phone_number_collection),
    billing_address_collection: row.billing_address_collection,
    subscription_data: checkoutSessionJson.subscription_data.read(row.subscription_data),
    customer_details: checkoutSessionJson.customer_details.read(row.customer_details),
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    payment_method_id: row.payment_method_id,
    payment_intent_id: row.payment_intent_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    subscriptions: [],
    metadata: checkoutSessionJson.metadata.read(row.metadata),
    url: `${baseUrl}/checkout/pay/${row.id}`,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
