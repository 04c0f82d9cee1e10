import { REFUND_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { amountString, idParam, listOf, metadata, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { CHARGE_REFUND_REASONS } from './charges.ts';

/** Seed 000 §3: a plain refund, or a subscription's stake given back. */
export const REFUND_TYPES = ['refund', 'stake_return'] as const;
/** The ones a card processor takes (Stripe's), then why money on the charge was never the merchant's. */
export const REFUND_REASONS = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  ...CHARGE_REFUND_REASONS,
] as const;

export const refundSchema = z.object({
  id: z.string(),
  object: z.literal('refund'),
  livemode: z.boolean(),
  status: z.enum(REFUND_STATUSES),
  type: z.enum(REFUND_TYPES),
  /** What goes back, in the charge's currency (smallest unit). */
  amount: z.string(),
  currency_id: z.string(),
  payment_intent_id: z.string(),
  charge_id: z.string(),
  payment_method_id: z.string(),
  reason: z.enum(REFUND_REASONS).nullable(),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Why it failed (a code, written out in the reader's language as `error.{code}`). */
  failure_code: z.string().nullable(),
  /** How often the rail was asked, and why the last ask decided nothing (it could not be reached). */
  attempt_count: z.number(),
  last_attempt_error: z.string().nullable(),
  /** The rail's record by method type: `{ stripe: { refund_id } }`. */
  payment_details: z.record(z.string(), z.record(z.string(), z.string())),
  /**
   * What the merchant must do, on a rail where Kiosk sends no money itself (EVM): send this transfer
   * from their own wallet, then name it (`POST /api/refunds/{id}/transfer`). Null otherwise, and once
   * a transfer is named.
   */
  next_action: z
    .object({ type: z.literal('send_transfer'), transfer: z.record(z.string(), z.string()) })
    .nullable(),
  /** The transfer the merchant named, once named. */
  transfer_reference: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Refund = z.infer<typeof refundSchema>;
export type RefundType = Refund['type'];
export type RefundRequestReason = NonNullable<Refund['reason']>;

export const refundInput = z
  .object({
    /** What is refunded: a charge, or a payment intent (its succeeded charge with enough left). */
    payment_intent_id: z.string().min(1).max(64).optional(),
    charge_id: z.string().min(1).max(64).optional(),
    /** Defaults to all that is left to refund. */
    amount: amountString.refine((value) => value !== '0', 'validation.refundAmount').optional(),
    reason: z.enum(REFUND_REASONS).optional(),
    type: z.enum(REFUND_TYPES).default('refund'),
    description: z.string().max(500).optional(),
    metadata,
  })
  .refine((body) => (body.payment_intent_id === undefined) !== (body.charge_id === undefined), {
    message: 'validation.refundTarget',
    path: ['charge_id'],
  });
export type RefundInput = z.infer<typeof refundInput>;

export const refundRoutes = defineRoutes({
  'POST /api/refunds': { body: refundInput, response: { 201: refundSchema } },
  'GET /api/refunds': {
    querystring: pageQuery.extend({
      payment_intent_id: z.string().max(64).optional(),
      charge_id: z.string().max(64).optional(),
      status: z.enum(REFUND_STATUSES).optional(),
    }),
    response: { 200: listOf(refundSchema) },
  },
  'GET /api/refunds/:id': { params: idParam, response: { 200: refundSchema } },
  /**
   * Names the transfer the merchant sent for a refund awaiting one (`next_action`): it succeeds once
   * the rail shows that transfer paid the payer back in full; until then it stays pending.
   */
  'POST /api/refunds/:id/transfer': {
    params: idParam,
    body: z.object({ reference: z.string().trim().min(1).max(200) }),
    response: { 200: refundSchema },
  },
  /** Gives up a refund no transfer was named for: its amount is no longer reserved. */
  'POST /api/refunds/:id/cancel': { params: idParam, response: { 200: refundSchema } },
});
