import type { Refund } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { outsideUnitOfWork, transaction } from '@kiosk/db';
import { lockCharges, recordRefunded } from '../charges/service.ts';
import { flag, moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { RefundTransferVerdict } from '../methods/adapter.ts';
import { findRefundRow } from '../refunds/queries.ts';
import { noteRefundAttempt, recordRefundVerdict } from '../refunds/service.ts';
import { refundJson } from '../refunds/table.ts';
import { refundView } from '../refunds/view.ts';
import type { PaymentsTables } from '../tables.ts';
import { receivedOf, refundingAdapter } from './refund-rail.ts';

type RefundRow = PaymentsTables['refunds'];

/**
 * A refund on a rail where Kiosk holds no key (EVM): created pending with what the merchant must send
 * (refund-charge.ts), then the merchant names their transfer and the rail is read for it, outside any
 * transaction: it succeeds only once the transfer is there, paid the payer in full and is confirmed.
 * A transfer names at most one refund (a unique index), and a refund at most one transfer.
 */

/** The `action` of a refund's rail details while the merchant is to send it (refundView's next_action). */
export const SEND_TRANSFER = 'send_transfer';

/** Its rail left the sending to the merchant (the refund carries what to send). */
export function hasInstruction(refund: RefundRow): boolean {
  return Object.values(refundJson.payment_details.read(refund.payment_details)).some(
    (details) => details.action === SEND_TRANSFER,
  );
}

/** `POST /api/refunds/{id}/transfer`: the refund as it stands once the named transfer was read. */
export function nameRefundTransfer(
  deps: Deps,
  livemode: boolean,
  id: string,
  named: string,
): Promise<Refund> {
  return outsideUnitOfWork(async () => {
    const refund = await findRefundRow(deps.db, livemode, id);
    if (!refund) throw new KioskError('REFUND_NOT_FOUND', { status: 404 });
    // Awaiting one: it says what to send, or a transfer named for it is still being confirmed.
    if (refund.status !== 'pending' || !(hasInstruction(refund) || refund.transfer_reference))
      throw new KioskError('REFUND_NOT_AWAITING_TRANSFER', { status: 409 });
    const { adapter } = await refundingAdapter(deps, deps.db, await chargeOf(deps.db, refund));
    const parsed = adapter.reference.safeParse(named);
    if (!parsed.success)
      throw new KioskError('VALIDATION_FAILED', {
        status: 400,
        details: [
          { path: 'body.reference', message: parsed.error.issues[0]?.message ?? 'validation.txHash' },
        ],
      });
    const reference = parsed.data;
    if (refund.transfer_reference && refund.transfer_reference !== reference)
      throw new KioskError('REFUND_TRANSFER_NAMED', { status: 409 });
    await refuseUsedTransfer(deps.db, refund, reference);
    const read = await readRefundTransfer(deps, refund, reference);
    if (read.rejected)
      throw new KioskError('REFUND_TRANSFER_REJECTED', { status: 400, params: { reason: read.rejected } });
    return refundView(read.refund);
  });
}

/** Another refund made with this transfer: it cannot make a second one. */
async function refuseUsedTransfer(db: Executor, refund: RefundRow, reference: string): Promise<void> {
  const other = await db
    .selectFrom('refunds')
    .select('id')
    .where('payment_method_id', '=', refund.payment_method_id)
    .where('transfer_reference', '=', reference)
    .where('id', '!=', refund.id)
    .executeTakeFirst();
  if (other) throw new KioskError('REFUND_TRANSFER_USED', { status: 409 });
}

/**
 * Reads the transfer on the rail (no transaction open), then records what it showed under the
 * charge's lock: the transfer named, and the refund succeeded or still pending. A rejected transfer
 * changes nothing, and its reason is answered; an earlier named one that turns out rejected (it failed
 * on chain) is let go, so that the merchant can send another.
 */
export async function readRefundTransfer(
  deps: Deps,
  refund: RefundRow,
  reference: string,
): Promise<{ refund: RefundRow; rejected?: string }> {
  const charge = await chargeOf(deps.db, refund);
  const { adapter, method, currency } = await refundingAdapter(deps, deps.db, charge);
  let verdict: RefundTransferVerdict;
  try {
    verdict = await adapter.verifyRefundTransfer!(
      method,
      currency,
      receivedOf(charge),
      BigInt(moneyText(refund.amount)),
      reference,
    );
  } catch {
    const noted = await transaction(deps.db, async (trx) => {
      await keepReference(trx, refund.id, reference);
      return noteRefundAttempt(deps, trx, refund, 'REFUND_RAIL_UNREACHABLE');
    });
    return { refund: noted ?? (await reread(deps.db, refund.id)) };
  }
  return transaction(deps.db, async (trx) => {
    const [held] = await lockCharges(deps, trx, flag(charge.livemode), { id: charge.id });
    const current = await reread(trx, refund.id);
    if (current.status !== 'pending') return { refund: current };
    if (current.transfer_reference && current.transfer_reference !== reference)
      throw new KioskError('REFUND_TRANSFER_NAMED', { status: 409 });
    if (verdict.outcome === 'rejected') {
      if (current.transfer_reference) {
        await trx
          .updateTable('refunds')
          .set({ transfer_reference: null })
          .where('id', '=', refund.id)
          .execute();
        await noteRefundAttempt(deps, trx, current, `REFUND_TRANSFER_REJECTED:${verdict.reason}`);
      }
      return { refund: current, rejected: verdict.reason };
    }
    await keepReference(trx, refund.id, reference);
    const recorded = await recordRefundVerdict(deps, trx, current, method.type, verdict);
    if (recorded?.status === 'succeeded')
      await recordRefunded(deps, trx, held!, BigInt(moneyText(recorded.amount)));
    return { refund: recorded ?? current };
  });
}

/** `POST /api/refunds/{id}/cancel`: a refund no transfer was named for, given up; its amount is freed. */
export function cancelRefund(deps: Deps, livemode: boolean, id: string): Promise<Refund> {
  return transaction(deps.db, async (trx) => {
    const refund = await findRefundRow(trx, livemode, id);
    if (!refund) throw new KioskError('REFUND_NOT_FOUND', { status: 404 });
    await lockCharges(deps, trx, livemode, { id: refund.charge_id });
    const current = await reread(trx, id);
    if (current.status !== 'pending' || !hasInstruction(current) || current.transfer_reference)
      throw new KioskError('REFUND_NOT_CANCELABLE', { status: 409 });
    const canceled = await deps.resources.refunds.transition(trx, id, 'pending', 'canceled', {
      type: 'refund.canceled',
    });
    return refundView(canceled ?? current);
  });
}

/** Names the transfer on the refund; a transfer another refund holds is refused by the unique index. */
async function keepReference(trx: Executor, id: string, reference: string): Promise<void> {
  try {
    await trx
      .updateTable('refunds')
      .set({ transfer_reference: reference })
      .where('id', '=', id)
      .where('transfer_reference', 'is', null)
      .execute();
  } catch (error) {
    throw new KioskError('REFUND_TRANSFER_USED', { status: 409, cause: error });
  }
}

const chargeOf = (db: Executor, refund: RefundRow) =>
  db
    .selectFrom('charges')
    .selectAll()
    .where('id', '=', refund.charge_id)
    .executeTakeFirstOrThrow() as Promise<PaymentsTables['charges']>;

const reread = (db: Executor, id: string) =>
  db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
