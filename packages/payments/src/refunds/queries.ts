import type { PageQuery } from '@kiosk/contracts';
import type { RefundStatus } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import type { Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { refundView } from './view.ts';

export function findRefundRow(db: Executor, livemode: boolean, id: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
}

export async function listRefunds(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { payment_intent_id?: string; charge_id?: string; status?: RefundStatus },
) {
  let query = db.selectFrom('refunds').where('livemode', '=', livemode);
  if (filter.payment_intent_id) query = query.where('payment_intent_id', '=', filter.payment_intent_id);
  if (filter.charge_id) query = query.where('charge_id', '=', filter.charge_id);
  if (filter.status) query = query.where('status', '=', filter.status);
  const { rows, count } = await pageOf<PaymentsTables, 'refunds'>(query, filter);
  return { list: rows.map(refundView), count };
}
