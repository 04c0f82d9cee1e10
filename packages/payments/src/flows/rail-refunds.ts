import { newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { lockCharges, recordRefunded } from '../charges/service.ts';
import { flag, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { RailRefund } from '../methods/adapter.ts';
import { findRefundByRequestKey, insertRefund, recordRefundVerdict } from '../refunds/service.ts';
import { refundJson } from '../refunds/table.ts';
import type { PaymentsTables } from '../tables.ts';
import { sendRefund } from './refund-charge.ts';
import { receivedOf } from './refund-rail.ts';

type ChargeRow = PaymentsTables['charges'];
type MethodRead = ReturnType<Deps['methods']['read']>;

/**
 * The rail says a payment's refunds changed (Stripe's charge.refunded): what it records is read and
 * brought into Kiosk, so a notice replayed or out of order changes nothing a read would not. A refund
 * Kiosk asked for that is still pending here is sent again, which reads it by its key on the rail. One
 * made on the rail without Kiosk (in the processor's dashboard) is recorded as a succeeded refund of
 * its charge, once: its rail reference keys it. Runs outside any transaction (it asks the rail).
 */
export async function recordRailRefunds(deps: Deps, rail: MethodRead, reference: string): Promise<void> {
  const charge = await deps.db
    .selectFrom('charges')
    .selectAll()
    .where('payment_method_id', '=', rail.method.id)
    .where('reference', '=', reference)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  // A payment Kiosk did not record (another system on the same account) is not Kiosk's to refund.
  if (!charge || !rail.adapter.refundsOf) return;
  const refunds = await rail.adapter.refundsOf(rail.method, receivedOf(charge as ChargeRow));
  for (const refund of refunds) {
    const own = refund.key
      ? await deps.db.selectFrom('refunds').selectAll().where('id', '=', refund.key).executeTakeFirst()
      : undefined;
    if (own) {
      if (own.status === 'pending') await sendRefund(deps, own);
    } else if (refund.outcome === 'succeeded') {
      // One still under way on the rail is recorded when a later notice says it succeeded.
      await transaction(deps.db, (trx) => recordOutsideRefund(deps, trx, rail, charge as ChargeRow, refund));
    }
  }
}

async function recordOutsideRefund(
  deps: Deps,
  trx: Executor,
  rail: MethodRead,
  charge: ChargeRow,
  refund: RailRefund,
): Promise<void> {
  const [held] = await lockCharges(deps, trx, flag(charge.livemode), { id: charge.id });
  const key = `rail:${rail.method.id}:${refund.reference}`;
  // Under the charge's lock: a notice delivered twice at once records it once.
  if (!held || (await findRefundByRequestKey(trx, key))) return;
  // Created pending and then succeeded, as every refund goes (and tells), with the rail's record.
  const opened = await insertRefund(deps, trx, {
    id: newId('refund'),
    livemode: held.livemode,
    status: 'pending',
    type: 'refund',
    amount: refund.amount.toString(),
    currency_id: held.currency_id,
    payment_intent_id: held.payment_intent_id,
    charge_id: held.id,
    payment_method_id: held.payment_method_id,
    reason: null,
    description: null,
    metadata: refundJson.metadata.write({}),
    failure_code: null,
    attempt_count: 0,
    last_attempt_error: null,
    payment_details: refundJson.payment_details.write({}),
    request_key: key,
    transfer_reference: null,
    ...stamps(deps.clock),
  });
  await recordRefundVerdict(deps, trx, opened, rail.method.type, {
    outcome: 'succeeded',
    details: refund.details,
  });
  await recordRefunded(deps, trx, held, refund.amount);
}
