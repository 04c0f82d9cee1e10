import type { Charge, RefundReason } from '@kiosk/contracts';
import { flag, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { chargeJson } from './table.ts';

export function chargeView(row: PaymentsTables['charges']): Charge {
  return {
    id: row.id,
    object: 'charge',
    livemode: flag(row.livemode),
    status: row.status,
    payment_intent_id: row.payment_intent_id,
    payment_method_id: row.payment_method_id,
    currency_id: row.currency_id,
    amount_due: moneyText(row.amount_due),
    reference: row.reference,
    amount: moneyText(row.amount),
    payer: row.payer,
    details: chargeJson.details.read(row.details),
    amount_refundable: moneyText(row.amount_refundable),
    refund_reason: row.refund_reason as RefundReason | null,
    amount_refunded: moneyText(row.amount_refunded),
    failure_code: row.failure_code,
    last_check_error: row.last_check_error,
    undone_at: row.undone_at === null ? null : Number(row.undone_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
