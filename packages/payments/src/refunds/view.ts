import type { Refund } from '@kiosk/contracts';
import { flag, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { refundJson } from './table.ts';

export function refundView(row: PaymentsTables['refunds']): Refund {
  const details = refundJson.payment_details.read(row.payment_details);
  return {
    id: row.id,
    object: 'refund',
    livemode: flag(row.livemode),
    status: row.status,
    type: row.type,
    amount: moneyText(row.amount),
    currency_id: row.currency_id,
    payment_intent_id: row.payment_intent_id,
    charge_id: row.charge_id,
    payment_method_id: row.payment_method_id,
    reason: row.reason,
    description: row.description,
    metadata: refundJson.metadata.read(row.metadata),
    failure_code: row.failure_code,
    attempt_count: Number(row.attempt_count),
    last_attempt_error: row.last_attempt_error,
    payment_details: details,
    next_action: nextAction(row.status, row.transfer_reference, details),
    transfer_reference: row.transfer_reference,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** A pending refund whose rail left the sending to the merchant, until they name their transfer. */
function nextAction(
  status: Refund['status'],
  reference: string | null,
  details: Refund['payment_details'],
): Refund['next_action'] {
  if (status !== 'pending' || reference !== null) return null;
  const transfer = Object.values(details).find((rail) => rail.action === 'send_transfer');
  if (!transfer) return null;
  const { action: _action, ...fields } = transfer;
  return { type: 'send_transfer', transfer: fields };
}
