import { moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { RefundVerdict } from '../methods/adapter.ts';
import type { PaymentsTables } from '../tables.ts';
import { refundJson } from './table.ts';

type RefundRow = PaymentsTables['refunds'];

/** What a charge's pending refunds hold of it: reserved, so no other refund may take it meanwhile. */
export async function reservedByPending(trx: Executor, chargeId: string): Promise<bigint> {
  const pending = await trx
    .selectFrom('refunds')
    .select('amount')
    .where('charge_id', '=', chargeId)
    .where('status', '=', 'pending')
    .execute();
  return pending.reduce((sum, row) => sum + BigInt(moneyText(row.amount)), 0n);
}

/** The refund an earlier request with this key made, if any. */
export function findRefundByRequestKey(trx: Executor, requestKey: string) {
  return trx.selectFrom('refunds').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
}

/** An expired key no longer names its refund, so a new request may use it (nothing the API shows). */
export async function releaseRequestKey(trx: Executor, id: string): Promise<void> {
  await trx.updateTable('refunds').set({ request_key: null }).where('id', '=', id).execute();
}

export function insertRefund(deps: Deps, trx: Executor, row: RefundRow): Promise<RefundRow> {
  return deps.resources.refunds.insert(trx, row, 'refund.created');
}

/**
 * What the rail did with a pending refund, recorded with its event: succeeded, failed (its amount is
 * no longer reserved), or still under way on the rail. Answers the refund as it now stands, or
 * undefined when it was no longer pending (another attempt recorded it first).
 */
export async function recordRefundVerdict(
  deps: Deps,
  trx: Executor,
  refund: RefundRow,
  methodType: string,
  verdict: RefundVerdict,
): Promise<RefundRow | undefined> {
  const details = refundJson.payment_details.read(refund.payment_details);
  const set = {
    payment_details: refundJson.payment_details.write(
      verdict.details ? { ...details, [methodType]: verdict.details } : details,
    ),
    attempt_count: Number(refund.attempt_count) + 1,
    last_attempt_error: null,
  };
  const { refunds } = deps.resources;
  switch (verdict.outcome) {
    case 'succeeded':
      return refunds.transition(trx, refund.id, 'pending', 'succeeded', { type: 'refund.succeeded', set });
    case 'failed':
      return refunds.transition(trx, refund.id, 'pending', 'failed', {
        type: 'refund.failed',
        set: { ...set, failure_code: verdict.reason },
      });
    case 'pending':
      return refunds.update(trx, refund.id, set, 'refund.updated', ['pending']);
  }
}

/** An attempt that decided nothing (the rail could not be asked): counted, and why, while pending. */
export function noteRefundAttempt(deps: Deps, trx: Executor, refund: RefundRow, error: string) {
  return deps.resources.refunds.update(
    trx,
    refund.id,
    { attempt_count: Number(refund.attempt_count) + 1, last_attempt_error: error },
    'refund.updated',
    ['pending'],
  );
}
