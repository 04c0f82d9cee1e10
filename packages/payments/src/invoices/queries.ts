import type { Invoice, PageQuery } from '@kiosk/contracts';
import { type InvoiceStatus } from '@kiosk/core';
import { sumMoney, type Engine } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { publicMethod } from '../payment-methods/view.ts';
import { subscriptionView } from '../subscriptions/view.ts';
import type { PaymentsTables } from '../tables.ts';
import { invoiceView } from './view.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';

export async function getInvoice(db: Executor, id: string): Promise<Invoice | undefined> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  return row && invoiceView(row);
}

/**
 * Seed 001 §3, §7: invoices as the lists show them, each with its currency, its public method and its
 * subscription (without items), read in one query each rather than per invoice.
 */
export async function listInvoices(
  deps: Pick<Deps, 'db' | 'methods'>,
  livemode: boolean,
  filter: PageQuery & {
    status?: InvoiceStatus[];
    customer_id?: string;
    currency_id?: string;
    subscription_id?: string;
    ignore_zero?: boolean;
    include_staking?: boolean;
    include_return_staking?: boolean;
  },
) {
  const { db } = deps;
  let query = db.selectFrom('invoices').where('livemode', '=', livemode);
  if (filter.status) query = query.where('status', 'in', filter.status);
  if (filter.customer_id) query = query.where('customer_id', '=', filter.customer_id);
  if (filter.currency_id) query = query.where('currency_id', '=', filter.currency_id);
  if (filter.subscription_id) query = query.where('subscription_id', '=', filter.subscription_id);
  // Exact on both engines: numeric on PostgreSQL, canonical decimal text on SQLite.
  if (filter.ignore_zero) query = query.where('total', '!=', '0');
  // A stake and its return move no money to the merchant: listed only when asked for (Payment Kit's flags).
  const hidden = [
    ...(filter.include_staking ? [] : ['stake']),
    ...(filter.include_return_staking ? [] : ['return_stake']),
  ];
  if (hidden.length > 0) query = query.where('billing_reason', 'not in', hidden);
  const { rows, count } = await pageOf<PaymentsTables, 'invoices'>(query, filter);
  const methods = await listPaymentMethods(db, livemode);
  const paidIn = new Map(
    methods.flatMap((method) =>
      method.payment_currencies.map((currency) => [currency.id, { currency, method }] as const),
    ),
  );
  const subscriptionIds = [
    ...new Set(rows.flatMap((row) => row.subscription_id ?? []).concat(filter.subscription_id ?? [])),
  ];
  const subscriptions = new Map(
    subscriptionIds.length === 0
      ? []
      : (await db.selectFrom('subscriptions').selectAll().where('id', 'in', subscriptionIds).execute())
          .filter((row) => flag(row.livemode) === livemode)
          .map((row) => [row.id, subscriptionView(row)]),
  );
  const list = rows.map((row) => {
    const where = paidIn.get(row.currency_id);
    return {
      ...invoiceView(row),
      paymentCurrency: where?.currency ?? null,
      paymentMethod: where ? publicMethod(deps.methods, where.method) : null,
      subscription: (row.subscription_id && subscriptions.get(row.subscription_id)) || null,
    };
  });
  const asked = filter.subscription_id ? subscriptions.get(filter.subscription_id) : undefined;
  // A buyer's list (filtered to their customer) never shows somebody else's subscription.
  const subscription =
    asked && (!filter.customer_id || asked.customer_id === filter.customer_id) ? asked : null;
  return { list, count, subscription };
}

/** The invoices of a subscription not paid yet (open or uncollectible), by its index. */
export async function unpaidInvoiceIdsOf(db: Executor, subscriptionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', subscriptionId)
    .where('status', 'in', ['open', 'uncollectible'])
    .execute();
  return rows.map((row) => row.id);
}

/** Per currency, what a customer has paid and what it still owes, summed exactly by the database. */
export async function customerInvoiceSummary(db: Executor, engine: Engine, customerId: string) {
  const sumPerCurrency = async (column: 'amount_paid' | 'amount_remaining', statuses: InvoiceStatus[]) => {
    const rows = await db
      .selectFrom('invoices')
      .select(['currency_id', sumMoney(engine, column).as('amount')])
      .where('customer_id', '=', customerId)
      .where('status', 'in', statuses)
      .groupBy('currency_id')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.currency_id, row.amount]));
  };
  return {
    paid: await sumPerCurrency('amount_paid', ['paid']),
    due: await sumPerCurrency('amount_remaining', ['open', 'uncollectible']),
  };
}
