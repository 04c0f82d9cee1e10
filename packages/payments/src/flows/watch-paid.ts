import { isDeepStrictEqual } from 'node:util';
import { transaction } from '@kiosk/db';
import { recheckCharge } from '../charges/service.ts';
import { chargeJson } from '../charges/table.ts';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { reopenIntent } from '../payment-intents/service.ts';
import { paymentIntentJson } from '../payment-intents/table.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { checkWindowOf, queueCheck } from './check-charge.ts';
import { lockRow } from './settle-charge.ts';

export const WATCH_PAID_JOB = 'payments.watch-paid';

/**
 * Payments a chain undoes after they succeeded (issue 26: a Bitcoin reorg deeper than the method's
 * confirmations orphans the paying block). Each sweep asks every method whose rail can lose a confirmed
 * payment (`undonePayments`; the rail bounds how long it looks) which of its paid payments it no
 * longer holds paid, reading the rail first, outside any transaction. Then, one short transaction
 * each, a charge that paid its intent and still stands as it was when the rail was read goes back to
 * `pending` for a new round of checks (`charge.pending`, marked `undone_at`), and its intent back to
 * `processing` (`payment_intent.processing`): the merchant is told through these events. The checks
 * decide as for any payment on its way (check-charge.ts): confirmed again, the charge and the intent
 * succeed again and nothing else is done twice (reconfirm-charge.ts); gone (double-spent), the charge
 * fails TX_NOT_FOUND and the intent waits with that error (`payment_intent.payment_failed`).
 *
 * The order stays complete and its invoice paid meanwhile: what its payment started (stock counted, a
 * store purchase, the merchant's fulfilment) is not Kiosk's to take back, and the merchant decides
 * from the events. Answers how many charges went back to being checked.
 */
export async function reopenUndonePayments(deps: Deps): Promise<number> {
  const types = deps.methods.types().filter((type) => deps.methods.for(type).undonePayments);
  if (types.length === 0) return 0;
  const methods = await deps.db
    .selectFrom('payment_methods')
    .select(['id', 'livemode'])
    .where('type', 'in', types)
    .orderBy('id')
    .execute();
  let reopened = 0;
  const unreachable: unknown[] = [];
  for (const { id, livemode } of methods) {
    const stored = await getPaymentMethod(deps.db, flag(livemode), id);
    if (!stored) continue;
    const { adapter, method } = deps.methods.read(stored);
    // A charge changed from this second on may rest on a later look at the rail than the one below:
    // it is left to the next sweep.
    const readAt = deps.clock.nowUnix();
    let references: string[];
    try {
      references = await adapter.undonePayments!(method);
    } catch (error) {
      // The rail could not be asked: the next sweep asks again, and the other methods are read now.
      unreachable.push(error);
      continue;
    }
    const undone = {
      methodType: stored.type,
      network: adapter.network(method.settings),
      readAt,
      roundSeconds: checkWindowOf(adapter, method.settings).roundSeconds,
    };
    for (const reference of references)
      if (await transaction(deps.db, (trx) => reopenCharge(deps, trx, { ...undone, reference }))) reopened++;
  }
  if (unreachable.length > 0)
    throw new AggregateError(unreachable, 'watching paid payments: a rail could not be read');
  return reopened;
}

interface Undone {
  methodType: string;
  network: string;
  reference: string;
  readAt: number;
  roundSeconds: number;
}

/**
 * The charge counting `reference` goes back to being checked, with its intent back to processing, only
 * if it is as it was when the rail was read: succeeded and unchanged since, and the payment its
 * succeeded intent records as the one that paid it (the same transaction). Money that paid nothing
 * (refundable on its charge) and a charge already back to being checked are left as they are.
 */
async function reopenCharge(deps: Deps, trx: Executor, undone: Undone): Promise<boolean> {
  const held = await trx
    .selectFrom('payment_references')
    .select('charge_id')
    .where('network', '=', undone.network)
    .where('reference', '=', undone.reference)
    .executeTakeFirst();
  if (!held) return false;
  // The charge first, then its intent: the order settling a charge locks them in.
  const charge = await lockRow(deps, trx, 'charges', held.charge_id);
  if (charge.status !== 'succeeded' || Number(charge.updated_at) >= undone.readAt) return false;
  const intent = await lockRow(deps, trx, 'payment_intents', charge.payment_intent_id);
  if (intent.status !== 'succeeded') return false;
  const paidBy = paymentIntentJson.payment_details.read(intent.payment_details)[undone.methodType];
  if (!isDeepStrictEqual(paidBy, chargeJson.details.read(charge.details))) return false;

  const checkUntil = deps.clock.nowUnix() + undone.roundSeconds;
  const pending = (await recheckCharge(deps, trx, charge, 'succeeded', {}, checkUntil))!;
  await reopenIntent(deps, trx, intent.id);
  await queueCheck(deps, trx, pending);
  return true;
}
