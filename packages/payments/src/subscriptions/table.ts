import type { SubscriptionStatus } from '@kiosk/core';
import type { Flag, Json, Row } from '../columns.ts';

/**
 * A customer's recurring purchase (Stripe's vocabulary; seed 000 §1). Its periods are counted from
 * `billing_cycle_anchor` (core's billing/periods.ts); the billing engine invoices a period when it
 * ends (`current_period_end`). `payment_details.{method type}` holds the customer's mandate;
 * `billing_thresholds` and `payment_details` leave room for stake (a later issue).
 */
export type SubscriptionRow = Row & {
  status: SubscriptionStatus;
  customer_id: string;
  currency_id: string;
  /** The method that collects; null: invoices are not collected automatically. */
  default_payment_method_id: string | null;
  description: string | null;
  /** The recurring interval every item shares (`{ interval, interval_count }`). */
  recurring: Json;
  checkout_session_id: string | null;
  latest_invoice_id: string | null;
  billing_cycle_anchor: number;
  current_period_start: number;
  current_period_end: number;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  ended_at: number | null;
  cancel_at_period_end: Flag;
  cancel_at: number | null;
  canceled_at: number | null;
  cancelation_details: Json;
  collection_method: 'charge_automatically' | 'send_invoice';
  proration_behavior: string;
  /** What the customer was asked to authorise (`{ mandate: { starts_at, cycles, max_per_cycle } }`). */
  payment_settings: Json;
  /** The authorised mandate per method type: `{ evm: StoredMandate }`. */
  payment_details: Json;
  billing_thresholds: Json;
  pause_collection: Json;
  pending_update: Json;
  /** Lines for the next invoice: a plan change's credit (`ChangeLine`s, amounts as strings). */
  pending_invoice_items: Json;
  recovered_from: string | null;
  metadata: Json;
};

export type SubscriptionItemRow = Row & {
  subscription_id: string;
  price_id: string;
  quantity: number;
  metadata: Json;
};
