import type { Charge, PageQuery } from '@kiosk/contracts';
import { type ChargeStatus } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import type { Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

type ChargeRow = PaymentsTables['charges'];
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

/** Whether another charge of the same intent is still being checked. */
export async function otherPending(trx: Executor, charge: ChargeRow): Promise<boolean> {
  const other = await trx
    .selectFrom('charges')
    .select('id')
    .where('payment_intent_id', '=', charge.payment_intent_id)
    .where('status', '=', 'pending')
    .where('id', '!=', charge.id)
    .executeTakeFirst();
  return other !== undefined;
}
