import { metadata, refundSchema, type RefundRequestReason, type RefundType } from '@kiosk/contracts';
import type { RefundStatus } from '@kiosk/core';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Json, Money, Row } from '../columns.ts';

/**
 * Money sent back from one succeeded charge, in its currency. While `pending` its amount is reserved
 * on the charge (what a new refund may take is the charge's `amount` minus `amount_refunded` minus
 * every pending refund's amount); `succeeded` adds it to the charge's `amount_refunded`.
 */
export type RefundRow = Row & {
  status: RefundStatus;
  type: RefundType;
  amount: Money;
  currency_id: string;
  payment_intent_id: string;
  charge_id: string;
  payment_method_id: string;
  reason: RefundRequestReason | null;
  description: string | null;
  metadata: Json;
  failure_code: string | null;
  attempt_count: number;
  last_attempt_error: string | null;
  /** The rail's record by method type (`{ stripe: { refund_id } }`). */
  payment_details: Json;
  /**
   * The caller's Idempotency-Key (with whose it is) of the request that made it: a repeat that
   * arrives while the first is still waiting on the rail finds this refund instead of making another.
   * A refund made on the rail without Kiosk is keyed `rail:{method}:{its reference}`, recorded once.
   */
  request_key: string | null;
  /** The transfer a merchant sent to make it, once named (a rail where Kiosk sends no money itself). */
  transfer_reference: string | null;
};

export const refundJson = jsonColumns('refunds', {
  metadata: jsonColumn(metadata, {}),
  payment_details: jsonColumn(refundSchema.shape.payment_details, {}),
});
