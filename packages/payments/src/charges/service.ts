import type { Charge, PageQuery } from '@kiosk/contracts';
import { KioskError, type ChargeStatus } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { markIntentProcessing } from '../payment-intents/service.ts';
import type { PaymentsTables } from '../tables.ts';
import { recheckCharge } from '../flows/claim-payment.ts';
import { queueCheck } from '../flows/check-charge.ts';
import { chargeView } from './view.ts';

export async function getCharge(db: Executor, livemode: boolean, id: string): Promise<Charge | undefined> {
  const row = await db
    .selectFrom('charges')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && chargeView(row);
}

export async function listCharges(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { payment_intent_id?: string; status?: ChargeStatus; refundable?: boolean },
) {
  let query = db.selectFrom('charges').where('livemode', '=', livemode);
  if (filter.payment_intent_id) query = query.where('payment_intent_id', '=', filter.payment_intent_id);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.refundable) query = query.where('amount_refundable', '!=', '0');
  const { rows, count } = await pageOf<PaymentsTables, 'charges'>(query, filter);
  return { list: rows.map(chargeView), count };
}

/**
 * A merchant asks for a failed charge to be checked again (the buyer insists the payment went out):
 * a new round of checks, and the intent waits for it if it may still be paid.
 */
export async function recheckChargeByMerchant(deps: Deps, livemode: boolean, id: string): Promise<Charge> {
  return transaction(deps.db, async (trx) => {
    const charge = await trx
      .selectFrom('charges')
      .selectAll()
      .where('id', '=', id)
      .where('livemode', '=', livemode)
      .executeTakeFirst();
    if (!charge) throw new KioskError('CHARGE_NOT_FOUND', { status: 404 });
    if (charge.status !== 'failed') throw new KioskError('CHARGE_NOT_FAILED', { status: 409 });
    const pending = (await recheckCharge(deps, trx, charge))!;
    await markIntentProcessing(deps, trx, charge.payment_intent_id);
    await queueCheck(deps, trx, pending);
    return chargeView(pending);
  });
}
