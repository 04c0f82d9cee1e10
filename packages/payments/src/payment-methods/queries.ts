import type { PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { type Executor } from '../db.ts';
import { currencyView, methodView } from './view.ts';

export async function listPaymentMethods(
  db: Executor,
  livemode: boolean,
  options: { activeOnly?: boolean } = {},
): Promise<PaymentMethod[]> {
  let query = db.selectFrom('payment_methods').selectAll().where('livemode', '=', livemode);
  if (options.activeOnly) query = query.where('active', '=', true);
  const methods = await query.orderBy('id').execute();
  if (methods.length === 0) return [];
  let currencies = db
    .selectFrom('payment_currencies')
    .selectAll()
    .where(
      'payment_method_id',
      'in',
      methods.map((m) => m.id),
    );
  if (options.activeOnly) currencies = currencies.where('active', '=', true);
  const rows = await currencies.orderBy('id').execute();
  return methods.map((m) => methodView(m, rows));
}

export async function getPaymentMethod(
  db: Executor,
  livemode: boolean,
  id: string,
): Promise<PaymentMethod | undefined> {
  const row = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!row) return undefined;
  const currencies = await db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('payment_method_id', '=', id)
    .orderBy('id')
    .execute();
  return methodView(row, currencies);
}

export async function getPaymentCurrency(
  db: Executor,
  livemode: boolean,
  id: string,
): Promise<PaymentCurrency | undefined> {
  const row = await db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && currencyView(row);
}
