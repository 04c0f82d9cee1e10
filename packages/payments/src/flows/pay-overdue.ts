import type {
  Customer,
  Invoice,
  PaymentCurrency,
  PaymentMethod,
  PublicPaymentMethod,
} from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { outsideUnitOfWork, transaction } from '@kiosk/db';
import { flag, moneyText, type Executor } from '../db.ts';
import { paymentKeyOf, type PaymentContext } from '../methods/adapter.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { paymentIntentJson, type PaymentIntentRow } from '../payment-intents/table.ts';
import { preparedDetails, unreachable } from './prepare-payment.ts';
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
 * intent at what is overdue now. In a card currency the intent's payment is also opened at the card
 * processor (openOnRail), which the page confirms (`stripeContext`).
 */
export function startOverduePayment(deps: Deps, buyer: Buyer, livemode: boolean, input: OverdueInput) {
  // Its own reads and transactions, not the request's: a card's rail is asked between them.
  return outsideUnitOfWork(async () => {
    const customer = await overdueCustomer(deps, buyer, livemode, input);
    const started = await transaction(deps.db, (trx) => aimOverdue(deps, trx, livemode, customer.id, input));
    const opened = await openOnRail(deps, started.intent, started.method, started.currency, customer);
    return {
      paymentIntent: paymentIntentView(opened.intent),
      paymentInstructions: started.instructions,
      invoices: started.invoices,
      stripeContext: opened.context,
    };
  });
}

/**
 * The same start for a wallet that pays by transfer (the `collect-batch` connect action), in the
 * caller's unit of work: a currency whose rail opens each payment (a card) is not a wallet's to pay.
 */
export async function startOverdueTransfer(deps: Deps, buyer: Buyer, livemode: boolean, input: OverdueInput) {
  const customer = await overdueCustomer(deps, buyer, livemode, input);
  const started = await transaction(deps.db, (trx) =>
    aimOverdue(deps, trx, livemode, customer.id, input, { walletOnly: true }),
  );
  return { paymentIntent: paymentIntentView(started.intent) };
}

interface OverdueInput {
  currency_id: string;
  subscription_id?: string;
  customer_id?: string;
}

/** The buyer as the customer whose overdue invoices they pay (theirs only: anyone else's is not found). */
async function overdueCustomer(deps: Deps, buyer: Buyer, livemode: boolean, input: OverdueInput) {
  const customer = await findCustomerByDid(deps.db, livemode, buyer.did);
  if (!customer || (input.customer_id && input.customer_id !== customer.id))
    throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
  if (input.subscription_id) {
    const subscription = await findSubscriptionRow(deps.db, input.subscription_id);
    if (!subscription || subscription.customer_id !== customer.id)
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  }
  return customer;
}

/** One intent for what is overdue in the currency, made or aimed again, and the invoices aimed at it. */
async function aimOverdue(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  customerId: string,
  input: OverdueInput,
  { walletOnly = false } = {},
) {
  const scope = input.subscription_id ? { subscriptionId: input.subscription_id } : { customerId };
  const invoices = (await overdueInvoices(trx, scope)).filter((i) => i.currency_id === input.currency_id);
  if (invoices.length === 0) throw new KioskError('NOTHING_OVERDUE', { status: 409 });
  const methods = await listPaymentMethods(trx, livemode);
  const method = methods.find((m) => m.payment_currencies.some((c) => c.id === input.currency_id));
  const currency = method?.payment_currencies.find((c) => c.id === input.currency_id);
  if (!method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  if (walletOnly && deps.methods.for(method.type).prepare)
    throw new KioskError('PAYMENT_METHOD_UNSUPPORTED', { status: 400, params: { type: method.type } });
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
  const terms = { amount, currencyId: currency.id, methodId: method.id, customerId };
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
    intent,
    method,
    currency,
    instructions: adapter.instructions(read, currency, amount),
    invoices: (await overdueInvoices(trx, scope)).filter((i) => i.currency_id === input.currency_id),
  };
}

/**
 * On a rail that opens each payment (a card's PaymentIntent), the payment for the intent, opened (or
 * brought to its amount) after the intent's transaction and kept on it in another; the page confirms it
 * with the rail's script. Keyed by the intent, so a second ask brings back the same one. Other rails
 * pay by the instructions alone.
 */
async function openOnRail(
  deps: Deps,
  intent: PaymentIntentRow,
  methodRow: PaymentMethod,
  currency: PaymentCurrency,
  customer: Customer,
): Promise<{ intent: PaymentIntentRow; context: PaymentContext | null }> {
  const { adapter, method } = deps.methods.read(methodRow);
  if (!adapter.prepare) return { intent, context: null };
  const current = paymentIntentJson.payment_details.read(intent.payment_details);
  const earlier = current[methodRow.type];
  const amount = BigInt(moneyText(intent.amount));
  let prepared;
  try {
    prepared = await adapter.prepare(
      method,
      currency,
      {
        key: paymentKeyOf(intent),
        amount,
        livemode: flag(intent.livemode),
        description: intent.description,
        customer: { did: customer.did, email: customer.email, name: customer.name },
      },
      earlier && typeof earlier === 'object' ? (earlier as Record<string, string>) : undefined,
    );
  } catch (error) {
    throw unreachable(error);
  }
  const order = { amount, methodId: methodRow.id, currencyId: currency.id };
  return transaction(deps.db, async (trx) => {
    // Aimed again meanwhile (another tab asked for more): the rail's payment must ask what the intent asks.
    const now = await findIntentRow(trx, intent.id);
    if (!now || BigInt(moneyText(now.amount)) !== amount || now.currency_id !== currency.id)
      throw new KioskError('ORDER_CHANGED', { status: 409 });
    const opened = preparedDetails(
      { ...order, prepared },
      { ...order, methodType: methodRow.type },
      paymentIntentJson.payment_details.read(now.payment_details),
    );
    const kept = await reaimPaymentIntent(deps, trx, intent.id, { paymentDetails: opened.paymentDetails });
    return { intent: kept, context: opened.context };
  });
}
