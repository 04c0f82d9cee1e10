import { KioskError, newId, randomToken, type BillingReason } from '@kiosk/core';
import { moneyText, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PaymentsTables } from '../tables.ts';
import { invoiceJson, type InvoiceBuyer } from './table.ts';

type InvoiceRow = PaymentsTables['invoices'];

/** Human invoice numbers: the day and six characters a person can read out (KSK-20261122-7QX2MD). */
function invoiceNumber(now: number): string {
  const day = new Date(now * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return `KSK-${day}-${randomToken(6).toUpperCase()}`;
}

/**
 * The invoice of a one-time checkout, made when its payment settles (as Stripe Checkout invoices a
 * one-time payment): finalised and paid at once by the intent that paid it, so an order that is never
 * paid leaves nothing a buyer owes. Billing reason `manual` (subscriptions bring subscription_create
 * and the others).
 */
export async function createPaidCheckoutInvoice(
  deps: Deps,
  trx: Executor,
  input: {
    livemode: boolean;
    sessionId: string;
    paymentIntentId: string;
    customerId: string;
    buyer: InvoiceBuyer;
    currencyId: string;
    total: bigint;
    lines: unknown[];
    description: string | null;
  },
): Promise<InvoiceRow> {
  const row = (
    await finalizeInvoices(deps, trx, [
      {
        livemode: input.livemode,
        billingReason: 'manual',
        description: input.description,
        customerId: input.customerId,
        buyer: input.buyer,
        subscriptionId: null,
        checkoutSessionId: input.sessionId,
        paymentIntentId: input.paymentIntentId,
        currencyId: input.currencyId,
        total: input.total,
        lines: input.lines,
        period: null,
        nextPaymentAttempt: null,
      },
    ])
  )[0]!;
  await payInvoice(deps, trx, row, input.paymentIntentId);
  return row;
}

/**
 * What an open invoice bills changes with its order (a later submit, an edit), with its event: only a
 * checkout submitted before its invoice waited for the payment has one.
 */
export async function reaimInvoice(
  deps: Deps,
  trx: Executor,
  id: string,
  change: { total: bigint; lines: unknown[]; currencyId?: string; customerId?: string; buyer?: InvoiceBuyer },
): Promise<void> {
  const total = change.total.toString();
  const row = await deps.resources.invoices.update(
    trx,
    id,
    {
      subtotal: total,
      total,
      amount_due: total,
      amount_remaining: total,
      lines: invoiceJson.lines.write(change.lines),
      ...(change.currencyId ? { currency_id: change.currencyId } : {}),
      ...(change.customerId ? { customer_id: change.customerId } : {}),
      ...(change.buyer ? { customer_details: invoiceJson.customer_details.write(change.buyer) } : {}),
    },
    'invoice.updated',
    ['open'],
  );
  if (!row) throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
}

/**
 * Paid in full (an uncollectible invoice may still be paid), by the payment intent `paidBy` when one
 * paid it (a free invoice has none). `invoice` is the row as read in this transaction; the change is
 * made only while it is still open or uncollectible.
 */
export async function payInvoice(
  deps: Deps,
  trx: Executor,
  invoice: Pick<InvoiceRow, 'id' | 'total' | 'status_transitions'>,
  paidBy?: string,
): Promise<void> {
  await deps.resources.invoices.transition(trx, invoice.id, ['open', 'uncollectible'], 'paid', {
    type: 'invoice.paid',
    set: {
      ...(paidBy ? { payment_intent_id: paidBy } : {}),
      amount_paid: moneyText(invoice.total),
      amount_remaining: '0',
      next_payment_attempt: null,
      status_transitions: invoiceJson.status_transitions.write({
        ...invoiceJson.status_transitions.read(invoice.status_transitions),
        paid_at: deps.clock.nowUnix(),
      }),
    },
  });
}

export interface NewSubscriptionInvoice {
  livemode: boolean;
  subscriptionId: string;
  customerId: string;
  /** What the buyer gave (flows/invoice-buyers.ts). */
  buyer: InvoiceBuyer;
  currencyId: string;
  billingReason: BillingReason;
  total: bigint;
  lines: unknown[];
  period: { start: number; end: number };
  description: string | null;
  checkoutSessionId: string | null;
  /** False for an invoice the customer pays by hand: the billing engine never pulls it. */
  collect?: boolean;
}

/**
 * A subscription's invoice (billing reason subscription_create, subscription_cycle …), finalised at
 * once. A zero total is paid on the spot (a trial's first invoice); otherwise the billing engine
 * collects it from `next_payment_attempt`.
 */
export async function createSubscriptionInvoice(
  deps: Deps,
  trx: Executor,
  input: NewSubscriptionInvoice,
): Promise<InvoiceRow> {
  return (await createSubscriptionInvoices(deps, trx, [input]))[0]!;
}

/** createSubscriptionInvoice of each, in one statement (a billing sweep's page); answers them in order. */
export async function createSubscriptionInvoices(
  deps: Deps,
  trx: Executor,
  inputs: NewSubscriptionInvoice[],
): Promise<InvoiceRow[]> {
  const now = deps.clock.nowUnix();
  const rows = await finalizeInvoices(
    deps,
    trx,
    inputs.map((input) => ({
      livemode: input.livemode,
      billingReason: input.billingReason,
      description: input.description,
      customerId: input.customerId,
      buyer: input.buyer,
      subscriptionId: input.subscriptionId,
      checkoutSessionId: input.checkoutSessionId,
      paymentIntentId: null,
      currencyId: input.currencyId,
      total: input.total,
      lines: input.lines,
      period: input.period,
      nextPaymentAttempt: input.total === 0n || input.collect === false ? null : now,
    })),
  );
  for (const [i, row] of rows.entries()) if (inputs[i]!.total === 0n) await payInvoice(deps, trx, row);
  return rows;
}

/** What sets one invoice apart; an invoice starts with everything else the same. */
interface InvoiceTerms {
  livemode: boolean;
  billingReason: BillingReason;
  description: string | null;
  customerId: string;
  buyer: InvoiceBuyer;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  currencyId: string;
  total: bigint;
  lines: unknown[];
  period: { start: number; end: number } | null;
  nextPaymentAttempt: number | null;
}

/** Invoices made open (finalised) at once, in one statement, each with its created and finalized events. */
async function finalizeInvoices(deps: Deps, trx: Executor, terms: InvoiceTerms[]): Promise<InvoiceRow[]> {
  const now = deps.clock.nowUnix();
  const rows = await deps.resources.invoices.insertMany(
    trx,
    terms.map((invoice) => {
      const total = invoice.total.toString();
      return {
        id: newId('invoice'),
        livemode: invoice.livemode,
        number: invoiceNumber(now),
        status: 'open' as const,
        billing_reason: invoice.billingReason,
        description: invoice.description,
        customer_id: invoice.customerId,
        customer_details: invoiceJson.customer_details.write(invoice.buyer),
        subscription_id: invoice.subscriptionId,
        checkout_session_id: invoice.checkoutSessionId,
        payment_intent_id: invoice.paymentIntentId,
        currency_id: invoice.currencyId,
        subtotal: total,
        total,
        amount_due: total,
        amount_paid: '0',
        amount_remaining: total,
        lines: invoiceJson.lines.write(invoice.lines),
        period_start: invoice.period?.start ?? null,
        period_end: invoice.period?.end ?? null,
        status_transitions: invoiceJson.status_transitions.write({ finalized_at: now }),
        metadata: '{}',
        attempt_count: 0,
        next_payment_attempt: invoice.nextPaymentAttempt,
        last_payment_error: 'null',
        ...stamps(deps.clock),
      };
    }),
    'invoice.created',
  );
  for (const row of rows) await deps.resources.invoices.record(trx, row, 'invoice.finalized');
  return rows;
}

/** A collection attempt failed: try again at `retryAt`, or give up (`uncollectible`: past due, payable). */
export async function failInvoiceAttempt(
  deps: Deps,
  trx: Executor,
  id: string,
  failure: { code: string; retryAt: number | null },
): Promise<InvoiceRow | undefined> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const set = {
    attempt_count: Number(invoice.attempt_count) + 1,
    next_payment_attempt: failure.retryAt,
    last_payment_error: invoiceJson.last_payment_error.write({ code: failure.code }),
  };
  if (failure.retryAt !== null || invoice.status === 'uncollectible')
    return deps.resources.invoices.update(trx, id, set, 'invoice.payment_failed', ['open', 'uncollectible']);
  return deps.resources.invoices.transition(trx, id, 'open', 'uncollectible', {
    type: 'invoice.marked_uncollectible',
    set: {
      ...set,
      status_transitions: invoiceJson.status_transitions.write({
        ...invoiceJson.status_transitions.read(invoice.status_transitions),
        marked_uncollectible_at: deps.clock.nowUnix(),
      }),
    },
  });
}

/**
 * The merchant voids an unpaid invoice: nothing is owed any more, and a subscription that was past
 * due only for it runs again. Final.
 */
export async function voidInvoice(deps: Deps, trx: Executor, id: string): Promise<void> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!invoice) throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
  const voided = await deps.resources.invoices.transition(trx, id, ['open', 'uncollectible'], 'void', {
    type: 'invoice.voided',
    set: {
      next_payment_attempt: null,
      status_transitions: invoiceJson.status_transitions.write({
        ...invoiceJson.status_transitions.read(invoice.status_transitions),
        voided_at: deps.clock.nowUnix(),
      }),
    },
  });
  if (!voided)
    throw new KioskError('INVOICE_NOT_PAYABLE', { status: 409, params: { status: invoice.status } });
}

/** The merchant stops collecting an open invoice; it stays payable and counts as overdue. */
export async function markInvoiceUncollectible(deps: Deps, trx: Executor, id: string): Promise<void> {
  const invoice = await trx.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  if (!invoice) throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
  const marked = await deps.resources.invoices.transition(trx, id, 'open', 'uncollectible', {
    type: 'invoice.marked_uncollectible',
    set: {
      next_payment_attempt: null,
      status_transitions: invoiceJson.status_transitions.write({
        ...invoiceJson.status_transitions.read(invoice.status_transitions),
        marked_uncollectible_at: deps.clock.nowUnix(),
      }),
    },
  });
  if (!marked)
    throw new KioskError('INVOICE_NOT_PAYABLE', { status: 409, params: { status: invoice.status } });
}

/** The invoices a payment intent pays from now on (an overdue sum, a waiting plan change), each with its event. */
export async function aimInvoicesAt(
  deps: Deps,
  trx: Executor,
  ids: string[],
  intentId: string,
): Promise<void> {
  for (const id of ids)
    await deps.resources.invoices.update(trx, id, { payment_intent_id: intentId }, 'invoice.updated');
}
