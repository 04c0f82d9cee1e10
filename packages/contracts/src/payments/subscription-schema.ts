import { SUBSCRIPTION_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { priceSchema } from './prices.ts';

/** A subscription as the API answers it; in a file of its own, so that a checkout session can carry it. */
export const subscriptionItemSchema = z.object({
  id: z.string(),
  object: z.literal('subscription_item'),
  subscription_id: z.string(),
  price_id: z.string(),
  quantity: z.number(),
  price: priceSchema.nullable(),
  /** The name of the price's product, what a buyer knows the plan by; null when the price is gone. */
  product_name: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  livemode: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer_id: z.string(),
  currency_id: z.string(),
  default_payment_method_id: z.string().nullable(),
  description: z.string().nullable(),
  recurring: z.object({ interval: z.string(), interval_count: z.number() }),
  checkout_session_id: z.string().nullable(),
  latest_invoice_id: z.string().nullable(),
  billing_cycle_anchor: z.number(),
  current_period_start: z.number(),
  current_period_end: z.number(),
  start_date: z.number(),
  trial_start: z.number().nullable(),
  trial_end: z.number().nullable(),
  ended_at: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullable(),
  canceled_at: z.number().nullable(),
  cancelation_details: z.record(z.string(), z.unknown()),
  collection_method: z.enum(['charge_automatically', 'send_invoice']),
  payment_details: z.record(z.string(), z.unknown()),
  /**
   * The stake the customer locked at subscribe (issue 25), null when none was asked: what is staked
   * (`amount`, in `currency_id`'s smallest unit), its id and record on the method's rail, and whether
   * it is still held, was returned when the subscription ended, was withdrawn by the customer after
   * notice, or was slashed to nothing.
   */
  stake: z
    .object({
      status: z.enum(['held', 'returned', 'withdrawn', 'slashed']),
      amount: z.string(),
      currency_id: z.string(),
      payment_method_id: z.string(),
      id: z.string(),
      details: z.record(z.string(), z.string()),
    })
    .nullable(),
  /** A plan change waiting for its invoice to be paid (Stripe's `pending_if_incomplete`). */
  pending_update: z
    .object({
      items: z.array(z.object({ price_id: z.string(), quantity: z.number() })),
      invoice_id: z.string(),
    })
    .nullable(),
  items: z.array(subscriptionItemSchema),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
