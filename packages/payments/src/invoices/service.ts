import { newId, nowUnix, randomToken } from '@kiosk/core';
import { sumMoney, type Engine } from '@kiosk/db';
import { flag, fromJson, moneyText, pageOf, stamps, toJson, type Executor } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { PaymentsTables } from '../tables.ts';

export type InvoiceStatus = PaymentsTables['invoices']['status'];

export interface Invoice {
  id: string;
  object: 'invoice';
  livemode: boolean;
  number: string;
  status: InvoiceStatus;
  billing_reason: string;
  description: string | null;
  customer_id: string;
  subscription_id: string | null;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  currency_id: string;
  subtotal: string;
  total: string;
  amount_due: string;
  amount_paid: string;
  amount_remaining: string;
  lines: unknown[];
  period_start: number | null;
  period_end: number | null;
  status_transitions: Record<string, number>;
  metadata: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

export function invoiceView(row: PaymentsTables['invoices']): Invoice {
  return {
    id: row.id,
    object: 'invoice',
    livemode: flag(row.livemode),
    number: row.number,
    status: row.status,
    billing_reason: row.billing_reason,
    description: row.description,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    checkout_session_id: row.checkout_session_id,
    payment_intent_id: row.payment_intent_id,
    currency_id: row.currency_id,
    subtotal: moneyText(row.subtotal),
    total: moneyText(row.total),
    amount_due: moneyText(row.amount_due),
    amount_paid: moneyText(row.amount_paid),
    amount_remaining: moneyText(row.amount_remaining),
    lines: fromJson(row.lines, []),
    period_start: row.period_start === null ? null : Number(row.period_start),
    period_end: row.period_end === null ? null : Number(row.period_end),
    status_transitions: fromJson(row.status_transitions, {}),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Human invoice numbers: the day and six characters a person can read out (KSK-20261122-7QX2MD). */
function invoiceNumber(now: number): string {
  const day = new Date(now * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return `KSK-${day}-${randomToken(6).toUpperCase()}`;
}

export async function getInvoice(db: Executor, id: string): Promise<Invoice | undefined> {
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  return row && invoiceView(row);
}

export async function listInvoices(
  db: Executor,
  livemode: boolean,
  filter: {
    status?: InvoiceStatus[];
    customer_id?: string;
    currency_id?: string;
    subscription_id?: string;
    ignore_zero?: boolean;
    page: number;
    pageSize: number;
  },
) {
  let query = db.selectFrom('invoices').where('livemode', '=', livemode);
  if (filter.status) query = query.where('status', 'in', filter.status);
  if (filter.customer_id) query = query.where('customer_id', '=', filter.customer_id);
  if (filter.currency_id) query = query.where('currency_id', '=', filter.currency_id);
  if (filter.subscription_id) query = query.where('subscription_id', '=', filter.subscription_id);
  // Exact on both engines: numeric on PostgreSQL, canonical decimal text on SQLite.
  if (filter.ignore_zero) query = query.where('total', '!=', '0');
  const { rows, count } = await pageOf(query, filter);
  return { list: rows.map(invoiceView), count };
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

/**
 * The one-time invoice of a checkout: created open on submit, re-aimed by a later submit while open.
 * billing_reason `manual` for one-time payments (subscriptions use subscription_create and so on).
 */
export async function prepareCheckoutInvoice(
  db: Executor,
  input: {
    livemode: boolean;
    existingId: string | null;
    sessionId: string;
    paymentIntentId: string;
    customerId: string;
    currencyId: string;
    total: bigint;
    lines: unknown[];
    description: string | null;
  },
): Promise<string> {
  const total = input.total.toString();
  const amounts = { subtotal: total, total, amount_due: total, amount_paid: '0', amount_remaining: total };
  if (input.existingId) {
    await db
      .updateTable('invoices')
      .set({
        ...amounts,
        currency_id: input.currencyId,
        customer_id: input.customerId,
        lines: toJson(input.lines),
        updated_at: nowUnix(),
      })
      .where('id', '=', input.existingId)
      .where('status', '=', 'open')
      .execute();
    await recordEvent(db, {
      type: 'invoice.updated',
      livemode: input.livemode,
      objectId: input.existingId,
      data: { total },
    });
    return input.existingId;
  }
  const id = newId('invoice');
  const now = nowUnix();
  await db
    .insertInto('invoices')
    .values({
      id,
      livemode: input.livemode,
      number: invoiceNumber(now),
      status: 'open',
      billing_reason: 'manual',
      description: input.description,
      customer_id: input.customerId,
      subscription_id: null,
      checkout_session_id: input.sessionId,
      payment_intent_id: input.paymentIntentId,
      currency_id: input.currencyId,
      ...amounts,
      lines: toJson(input.lines),
      period_start: null,
      period_end: null,
      status_transitions: toJson({ finalized_at: now }),
      metadata: '{}',
      ...stamps(),
    })
    .execute();
  await db
    .updateTable('payment_intents')
    .set({ invoice_id: id })
    .where('id', '=', input.paymentIntentId)
    .execute();
  await recordEvent(db, { type: 'invoice.created', livemode: input.livemode, objectId: id, data: { id } });
  await recordEvent(db, { type: 'invoice.finalized', livemode: input.livemode, objectId: id, data: { id } });
  return id;
}
