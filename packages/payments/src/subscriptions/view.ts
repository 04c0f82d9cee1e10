import type { Price, Subscription } from '@kiosk/contracts';
import { flag } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { subscriptionItemJson, subscriptionJson } from './table.ts';

type SubscriptionRow = PaymentsTables['subscriptions'];
type ItemRow = PaymentsTables['subscription_items'];

/** An item of a plan (a plan change's). */
export interface PlanItem {
  price_id: string;
  quantity: number;
}

export interface PendingUpdate {
  items: PlanItem[];
  invoice_id: string;
}

/** A plan change waiting for its invoice to be paid (subscriptions/plan-change.ts). */
export function pendingUpdateOf(subscription: SubscriptionRow): PendingUpdate | undefined {
  return subscriptionJson.pending_update.read(subscription.pending_update) ?? undefined;
}

const time = (value: number | null): number | null => (value === null ? null : Number(value));

/** An item with its price and its product's name where the caller read them (not in events). */
export function subscriptionItemView(
  row: ItemRow,
  price: Price | undefined,
  productName?: string,
): Subscription['items'][number] {
  return {
    id: row.id,
    object: 'subscription_item',
    subscription_id: row.subscription_id,
    price_id: row.price_id,
    quantity: Number(row.quantity),
    price: price ?? null,
    product_name: productName ?? null,
    metadata: subscriptionItemJson.metadata.read(row.metadata),
    created_at: Number(row.created_at),
  };
}

/** A subscription as the API answers it; `items` only where the caller read them (not in events). */
export function subscriptionView(row: SubscriptionRow, items: Subscription['items'] = []): Subscription {
  return {
    id: row.id,
    object: 'subscription',
    livemode: flag(row.livemode),
    status: row.status,
    customer_id: row.customer_id,
    currency_id: row.currency_id,
    default_payment_method_id: row.default_payment_method_id,
    description: row.description,
    recurring: subscriptionJson.recurring.read(row.recurring),
    checkout_session_id: row.checkout_session_id,
    latest_invoice_id: row.latest_invoice_id,
    billing_cycle_anchor: Number(row.billing_cycle_anchor),
    current_period_start: Number(row.current_period_start),
    current_period_end: Number(row.current_period_end),
    start_date: Number(row.start_date),
    trial_start: time(row.trial_start),
    trial_end: time(row.trial_end),
    ended_at: time(row.ended_at),
    cancel_at_period_end: flag(row.cancel_at_period_end),
    cancel_at: time(row.cancel_at),
    canceled_at: time(row.canceled_at),
    cancelation_details: subscriptionJson.cancelation_details.read(row.cancelation_details),
    collection_method: row.collection_method,
    payment_details: subscriptionJson.payment_details.read(row.payment_details),
    stake: subscriptionJson.stake.read(row.stake),
    pending_update: pendingUpdateOf(row) ?? null,
    items,
    metadata: subscriptionJson.metadata.read(row.metadata),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
