import type { Invoice, PaymentCurrency, PublicPaymentMethod } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { invoiceView } from '../invoices/view.ts';
import { createPaymentIntent, reaimPaymentIntent } from '../payment-intents/service.ts';
import { paymentIntentView } from '../payment-intents/view.ts';
import { publicMethod } from '../payment-methods/view.ts';
import type { Buyer } from '../schemas.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { aimInvoicesAt } from '../invoices/service.ts';
import { findSubscriptionRow } from '../subscriptions/queries.ts';
import { listPaymentMethods } from '../payment-methods/queries.ts';

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
  { amount: string; currency: PaymentCurrency; method: PublicPaymentMethod }
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

/**
 * Seed 000 §4's "pay" of a currency row: one payment intent for everything overdue in that currency
 * (of one subscription, or all the customer's), which every one of those invoices names; the customer
 * sends one transfer and names it (`POST /api/payment-intents/:id/pay`), and its settlement pays them
 * all and lets the subscriptions run again. Asking again while nothing is on its way re-aims the same
 * intent at what is overdue now.
 */
export async function startOverduePayment(
  deps: Deps,
  buyer: Buyer,
  livemode: boolean,
  input: { currency_id: string; subscription_id?: string; customer_id?: string },
) {
  const customer = await findCustomerByDid(deps.db, livemode, buyer.did);
  if (!customer || (input.customer_id && input.customer_id !== customer.id))
    throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
  if (input.subscription_id) {
    const subscription = await findSubscriptionRow(deps.db, input.subscription_id);
    if (!subscription || subscription.customer_id !== customer.id)
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  }
  return transaction(deps.db, async (trx) => {
    const scope = input.subscription_id
      ? { subscriptionId: input.subscription_id }
      : { customerId: customer.id };
    const invoices = (await overdueInvoices(trx, scope)).filter((i) => i.currency_id === input.currency_id);
    if (invoices.length === 0) throw new KioskError('NOTHING_OVERDUE', { status: 409 });
    const methods = await listPaymentMethods(trx, livemode);
    const method = methods.find((m) => m.payment_currencies.some((c) => c.id === input.currency_id));
    const currency = method?.payment_currencies.find((c) => c.id === input.currency_id);
    if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
    const amount = invoices.reduce((sum, invoice) => sum + BigInt(invoice.amount_remaining), 0n);

    // An intent these invoices already name, still waiting for the customer, is aimed again;
    // one with a payment on its way refuses (PAYMENT_IN_PROGRESS), as a checkout does.
    const named = invoices.map((i) => i.payment_intent_id).filter((id): id is string => Boolean(id));
    const waiting = named.length
      ? await trx
          .selectFrom('payment_intents')
          .selectAll()
          .where('id', 'in', named)
          .where('checkout_session_id', 'is', null)
          .where('status', 'in', ['requires_action', 'processing'])
          .executeTakeFirst()
      : undefined;
    const terms = { amount, currencyId: currency.id, methodId: method.id, customerId: customer.id };
    const intent = waiting
      ? await reaimPaymentIntent(deps, trx, waiting.id, terms)
      : await createPaymentIntent(deps, trx, {
          ...terms,
          livemode,
          sessionId: null,
          description: 'Overdue invoices',
        });
    await aimInvoicesAt(
      deps,
      trx,
      invoices.map((i) => i.id),
      intent.id,
    );
    const { adapter, method: read } = deps.methods.read(method);
    return {
      paymentIntent: paymentIntentView(intent),
      paymentInstructions: adapter.instructions(read, currency, amount),
      invoices: (await overdueInvoices(trx, scope)).filter((i) => i.currency_id === input.currency_id),
    };
  });
}
