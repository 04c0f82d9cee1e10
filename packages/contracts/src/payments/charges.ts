import { CHARGE_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { idParam, listOf, pageQuery, queryFlag } from '../common.ts';
import { defineRoutes } from '../route.ts';

/** Why money on a charge is not the merchant's to keep (`amount_refundable`). */
export const CHARGE_REFUND_REASONS = [
  'underpaid',
  'overpaid',
  'already_paid',
  'order_closed',
  'sold_out',
  'wrong_currency',
  'invoice_void',
] as const;

export const chargeSchema = z.object({
  id: z.string(),
  object: z.literal('charge'),
  livemode: z.boolean(),
  status: z.enum(CHARGE_STATUSES),
  payment_intent_id: z.string(),
  payment_method_id: z.string(),
  /** What it is judged in; once refused, the currency that arrived instead, if another did. */
  currency_id: z.string(),
  /**
   * What the intent asked when this payment was last named: it is judged against this ('0' when what
   * arrived is another currency than the one asked).
   */
  amount_due: z.string(),
  /** The method's proof of payment (a transaction hash). */
  reference: z.string(),
  /** What arrived ('0' until verified). */
  amount: z.string(),
  payer: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  /**
   * Money that arrived but is not the merchant's to keep: too little, too much, too late, sold out, in
   * another currency than asked, or pulled for an invoice voided meanwhile. Held by one charge only,
   * however often the transfer is named. A refund that succeeds lowers it by what it returned.
   */
  amount_refundable: z.string(),
  refund_reason: z.enum(CHARGE_REFUND_REASONS).nullable(),
  /** What refunds returned of `amount` so far (succeeded refunds only); never more than `amount`. */
  amount_refunded: z.string(),
  /** Why it failed, or why the last check could not decide (the chain did not answer). */
  failure_code: z.string().nullable(),
  last_check_error: z.string().nullable(),
  undone_at: z
    .number()
    .nullable()
    .describe(
      'When a chain reorganisation undid this payment after it had succeeded (unix seconds): the charge went back to pending and its payment intent to processing until the payment is confirmed again. It stays set once confirmed again; null for a payment never undone.',
    ),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Charge = z.infer<typeof chargeSchema>;
export type RefundReason = NonNullable<Charge['refund_reason']>;

export const chargeRoutes = defineRoutes({
  'GET /api/charges': {
    querystring: pageQuery.extend({
      payment_intent_id: z.string().max(64).optional(),
      status: z.enum(CHARGE_STATUSES).optional(),
      refundable: queryFlag.describe('Only charges holding money to return'),
    }),
    response: { 200: listOf(chargeSchema) },
  },
  'GET /api/charges/:id': { params: idParam, response: { 200: chargeSchema } },
  'POST /api/charges/:id/check': { params: idParam, response: { 200: chargeSchema } },
});
