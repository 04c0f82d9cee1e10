import type { SubscriptionStatus } from '@kiosk/core';
import { metadata, priceSchema, subscriptionSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import type { Flag, Json, Row } from '../columns.ts';

/**
 * A customer's recurring purchase (Stripe's vocabulary; seed 000 §1). Its periods are counted from
 * `billing_cycle_anchor` (core's billing/periods.ts); the billing engine invoices a period when it
 * ends (`current_period_end`). `payment_details.{method type}` holds the customer's mandate,
 * `billing_thresholds.stake_gte` the stake asked at subscribe and `stake` the one locked.
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
  /** `{ stake_gte }`: the stake asked at subscribe, in the currency's smallest unit (Payment Kit's name). */
  billing_thresholds: Json;
  /** The stake the customer locked, `{}` until then (subscriptionSchema's `stake`). */
  stake: Json;
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

/** What the customer is asked to authorise (service.ts mandateSettingsFrom). */
const mandateSettings = z.object({
  starts_at: z.number(),
  expires_at: z.number(),
  cycles: z.number(),
  max_per_cycle: z.string(),
  /** A later mandate's own key (authorised again); the first one's is the subscription's id. */
  key: z.string().optional(),
  /** What the rail opened for it first, on a rail that opens mandates (a card's SetupIntent). */
  rail: z.record(z.string(), z.string()).optional(),
});

/** A new mandate asked for (reauthorise.ts), and where it collects. */
const renewal = mandateSettings.extend({
  method_id: z.string(),
  currency_id: z.string(),
  checkout_session_id: z.string().optional(),
});

/** The customer's authorised mandate on one method's rail (methods/adapter.ts StoredMandate). */
const storedMandate = z.object({
  id: z.string(),
  payer: z.string(),
  details: z.record(z.string(), z.string()),
});

/** A plan change's line carried to the next invoice (flows/change-plan.ts), amounts as strings. */
const carriedLine = z.object({
  kind: z.enum(['unused_time', 'remaining_time', 'price_difference', 'credit_carried']),
  amount: z.string(),
  proration: z.boolean(),
  period: z.object({ start: z.number(), end: z.number() }),
});

export const subscriptionJson = jsonColumns('subscriptions', {
  recurring: jsonColumn(priceSchema.shape.recurring.unwrap().pick({ interval: true, interval_count: true }), {
    interval: 'month',
    interval_count: 1,
  }),
  /** `{}`, or why and by whom it was cancelled. */
  cancelation_details: jsonColumn(subscriptionSchema.shape.cancelation_details, {}),
  /**
   * `{}` until a mandate is asked for. `mandate` is what the stored mandate was asked as: the first
   * ask, or the renewal confirmed in its place, with where it collects and the setup checkout that
   * asked; `mandates` counts the asks, which names the next one's key. Loose: it is written back whole.
   */
  payment_settings: jsonColumn(
    z.looseObject({
      mandate: renewal.partial({ method_id: true, currency_id: true }).optional(),
      renewal: renewal.optional(),
      mandates: z.number().optional(),
    }),
    {},
  ),
  /** The authorised mandate per method type: `{ evm: StoredMandate }`; `{}` until one is confirmed. */
  payment_details: jsonColumn(z.record(z.string(), storedMandate), {}),
  /** `{ stake_gte }` when the subscription asks a stake (subscribe.ts); `{}` when it asks none. */
  billing_thresholds: jsonColumn(z.looseObject({ stake_gte: z.string().optional() }), {}),
  /** The stake as locked on the rail; none is stored as `{}` (read as null). */
  stake: jsonColumn(
    z.union([z.strictObject({}).transform(() => null), subscriptionSchema.shape.stake.unwrap()]),
    null,
  ),
  /** `{}`, or since when the merchant paused collection (pause.ts). */
  pause_collection: jsonColumn(
    z.object({ behavior: z.literal('void'), paused_at: z.number() }).partial(),
    {},
  ),
  /** A plan change waiting for its invoice to be paid; none is stored as `{}` (read as null). */
  pending_update: jsonColumn(
    z.union([z.strictObject({}).transform(() => null), subscriptionSchema.shape.pending_update.unwrap()]),
    null,
  ),
  pending_invoice_items: jsonColumn(z.array(carriedLine), []),
  metadata: jsonColumn(metadata, {}),
});

export const subscriptionItemJson = jsonColumns('subscription_items', {
  metadata: jsonColumn(metadata, {}),
});
