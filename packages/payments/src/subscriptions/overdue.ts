import type { Invoice, PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { invoiceView } from '../invoices/view.ts';
import { listPaymentMethods, publicMethod } from '../payment-methods/service.ts';

/**
 * Overdue: an invoice whose collection failed through all its retries (`uncollectible`) with money
 * still due. An open invoice still being retried is not overdue yet: the customer is not blocked for a
 * payment that may still go through on its own.
 */
export async function overdueInvoices(
  db: Executor,
  of: { customerId: string } | { subscriptionId: string },
): Promise<Invoice[]> {
  let query = db
    .selectFrom('invoices')
    .selectAll()
    .where('status', '=', 'uncollectible')
    .where('amount_remaining', '!=', '0');
  query =
    'customerId' in of
      ? query.where('customer_id', '=', of.customerId)
      : query.where('subscription_id', '=', of.subscriptionId);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(invoiceView);
}

/** Seed 000 §8: a customer with overdue invoices may not buy anything new until they are paid. */
export async function refuseIfOverdue(db: Executor, customerId: string): Promise<void> {
  const overdue = await db
    .selectFrom('invoices')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'uncollectible')
    .where('amount_remaining', '!=', '0')
    .executeTakeFirst();
  if (overdue) throw new KioskError('CUSTOMER_LIMITED', { status: 403 });
}

export type OverdueSummary = Record<
  string,
  { amount: string; currency: PaymentCurrency; method: PaymentMethod }
>;

/** What is overdue per currency, summed exactly, with the currency and the method it is paid with. */
export async function overdueSummary(
  deps: Deps,
  livemode: boolean,
  invoices: Invoice[],
): Promise<OverdueSummary> {
  if (invoices.length === 0) return {};
  const methods = await listPaymentMethods(deps.db, livemode);
  const summary: OverdueSummary = {};
  for (const invoice of invoices) {
    const method = methods.find((m) => m.payment_currencies.some((c) => c.id === invoice.currency_id));
    const currency = method?.payment_currencies.find((c) => c.id === invoice.currency_id);
    if (!method || !currency) continue;
    const before = BigInt(summary[invoice.currency_id]?.amount ?? '0');
    summary[invoice.currency_id] = {
      amount: (before + BigInt(moneyText(invoice.amount_remaining))).toString(),
      currency,
      method: publicMethod(deps.methods, method),
    };
  }
  return summary;
}
