import type { PageQuery, PaymentIntent } from '@kiosk/contracts';
import { type Locale, type PaymentIntentStatus } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import { type Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import type { PaymentIntentRow as IntentRow } from './table.ts';
import { paymentIntentView } from './view.ts';

export async function findIntentRow(db: Executor, id: string): Promise<IntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getPaymentIntent(
  db: Executor,
  id: string,
  locale?: Locale,
): Promise<PaymentIntent | undefined> {
  const row = await findIntentRow(db, id);
  return row && paymentIntentView(row, locale);
}

export async function listPaymentIntents(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { customer_id?: string; status?: PaymentIntentStatus; checkout_session_id?: string },
  locale: Locale,
) {
  let query = db.selectFrom('payment_intents').where('livemode', '=', livemode);
  if (filter.customer_id) query = query.where('customer_id', '=', filter.customer_id);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.checkout_session_id) query = query.where('checkout_session_id', '=', filter.checkout_session_id);
  const { rows, count } = await pageOf<PaymentsTables, 'payment_intents'>(query, filter);
  return { list: rows.map((row) => paymentIntentView(row, locale)), count };
}
