import { KioskError, newId, planChangeAmounts, type ChangeLine, type ChangeLineKind } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { aimInvoicesAt, createSubscriptionInvoice } from '../invoices/service.ts';
import { createPaymentIntent } from '../payment-intents/service.ts';
import { paymentIntentView } from '../payment-intents/view.ts';
import {
  cycleCharge,
  lockSubscription,
  subscriptionMethod,
  type SubscriptionRow,
} from '../subscriptions/service.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { pendingUpdateOf, type PendingUpdate, type PlanItem } from '../subscriptions/view.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { getInvoice } from '../invoices/queries.ts';
import { findSubscriptionRow, getSubscription, itemRowsOf } from '../subscriptions/queries.ts';
import { enqueueCollection } from './collection-queue.ts';
import { dropPendingUpdate } from './pending-plan-change.ts';
import { invoiceBuyers } from './invoice-buyers.ts';
import {
  awaitsRenewal,
  CHANGEABLE,
  changeMode,
  checkMandateCovers,
  collectsAnyAmount,
  currentMode,
  priceItems,
} from './plan-pricing.ts';

/**
 * Changing plan (seed 000 §1: "the difference is paid, credit is applied or issued"; issue 11 item 5).
 * The prices' `recurring.proration_mode` decide the amounts (core's planChangeAmounts), the same
 * both ways: `difference` when the old plan's or the new one's price says so (changeMode). A
 * cheaper plan never credits more than the difference for the time left (issue 21 item 17).
 *
 * - In a trial nothing was paid: the items change at once, for nothing.
 * - Nothing due (a cheaper plan, or the same price): the items change at once; a credit goes on the
 *   next invoice (`pending_invoice_items`), and what the next invoice cannot use is carried on.
 * - Something due: a `subscription_update` invoice asks for it now, paid by a transfer the customer
 *   names, or charged at once off session where the method takes any amount (a saved card: retried as
 *   a renewal is, and voided if it fails for good). The change waits on the subscription
 *   (`pending_update`) and is made when that invoice is paid, so nobody gets a plan they have not paid
 *   for. A later change replaces a waiting one; one still unpaid when the period ends lapses (its
 *   invoice is voided) and the old plan renews.
 *
 * The mandate on the chain caps every pull: a plan whose cycle costs more than the customer authorised
 * is refused (`MANDATE_TOO_LOW`) until they authorise again, rather than fail at the next renewal. A
 * saved card has no such cap: the customer's own change is their consent to the new price.
 */

export interface PlanChangeOutcome {
  /** The change's invoice when something is due now; its intent is what the customer pays. */
  invoiceId: string | null;
  paymentIntentId: string | null;
  credit: bigint;
}

/** Replaces the subscription's items, with an event for each item and for the subscription. */
async function replaceItems(deps: Deps, trx: Executor, subscription: SubscriptionRow, items: PlanItem[]) {
  for (const old of await itemRowsOf(trx, [subscription.id])) {
    await deps.resources.subscriptionItems.delete(trx, old.id, 'subscription_item.deleted');
  }
  for (const item of items) {
    await deps.resources.subscriptionItems.insert(
      trx,
      {
        id: newId('subscriptionItem'),
        livemode: subscription.livemode,
        subscription_id: subscription.id,
        price_id: item.price_id,
        quantity: item.quantity,
        metadata: '{}',
        ...stamps(deps.clock),
      },
      'subscription_item.created',
    );
  }
}

/** PUT /api/subscriptions/{id}: the caller has been checked (the customer's own, or the merchant). */
export async function changePlan(deps: Deps, id: string, items: PlanItem[]): Promise<PlanChangeOutcome> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    if (!CHANGEABLE.has(subscription.status))
      throw new KioskError('PLAN_UPDATE_UNAVAILABLE', { status: 409 });
    if (awaitsRenewal(subscription, deps.clock.nowUnix()))
      throw new KioskError('SUBSCRIPTION_RENEWING', { status: 409 });
    const current = await cycleCharge(trx, subscription);
    const next = await priceItems(trx, subscription, items);
    const same =
      current.lines.length === items.length &&
      items.every(
        (item, i) =>
          current.lines[i]?.price_id === item.price_id && current.lines[i]?.quantity === item.quantity,
      );
    if (same) throw new KioskError('PLAN_UNCHANGED', { status: 400 });
    await checkMandateCovers(deps, trx, subscription, next.total);
    if (!(await dropPendingUpdate(deps, trx, subscription)))
      throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });

    const none: PlanChangeOutcome = { invoiceId: null, paymentIntentId: null, credit: 0n };
    if (subscription.status === 'trialing') {
      await replaceItems(deps, trx, subscription, items);
      await deps.resources.subscriptions.update(trx, id, {}, 'customer.subscription.updated');
      return none;
    }

    const amounts = planChangeAmounts({
      oldAmount: current.total,
      newAmount: next.total,
      periodStart: Number(subscription.current_period_start),
      periodEnd: Number(subscription.current_period_end),
      at: deps.clock.nowUnix(),
      mode: changeMode(await currentMode(trx, subscription, current), next.mode),
    });
    if (amounts.amountDue === 0n) {
      await replaceItems(deps, trx, subscription, items);
      const carried = subscriptionJson.pending_invoice_items.read(subscription.pending_invoice_items);
      await deps.resources.subscriptions.update(
        trx,
        id,
        {
          pending_invoice_items: subscriptionJson.pending_invoice_items.write([
            ...carried,
            ...amounts.lines.map(storedLine),
          ]),
        },
        'customer.subscription.updated',
      );
      return { ...none, credit: amounts.credit };
    }

    const collecting = await subscriptionMethod(trx, subscription);
    if (!collecting) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
    // A saved card is charged the difference at once, as a renewal is; a chain mandate takes one pull a
    // cycle, and this cycle's is taken: the customer pays the difference by a transfer they name.
    const offSession = collectsAnyAmount(deps, collecting);
    const [buyer] = await invoiceBuyers(trx, [
      { customerId: subscription.customer_id, checkoutSessionId: null },
    ]);
    const invoice = await createSubscriptionInvoice(deps, trx, {
      livemode: flag(subscription.livemode),
      subscriptionId: id,
      customerId: subscription.customer_id,
      buyer: buyer!,
      currencyId: subscription.currency_id,
      billingReason: 'subscription_update',
      total: amounts.amountDue,
      lines: amounts.lines.map(storedLine),
      period: { start: deps.clock.nowUnix(), end: Number(subscription.current_period_end) },
      description: subscription.description,
      checkoutSessionId: null,
      collect: offSession,
    });
    const pendingUpdate = subscriptionJson.pending_update.write({
      items,
      invoice_id: invoice.id,
    } satisfies PendingUpdate);
    if (offSession) {
      await enqueueCollection(deps, trx, [invoice.id], deps.clock.nowMs());
      await deps.resources.subscriptions.update(
        trx,
        id,
        { pending_update: pendingUpdate },
        'customer.subscription.updated',
      );
      return { invoiceId: invoice.id, paymentIntentId: null, credit: 0n };
    }
    const intent = await createPaymentIntent(deps, trx, {
      livemode: flag(subscription.livemode),
      amount: amounts.amountDue,
      currencyId: subscription.currency_id,
      methodId: collecting.method.id,
      customerId: subscription.customer_id,
      sessionId: null,
      description: subscription.description,
      invoiceId: invoice.id,
    });
    await aimInvoicesAt(deps, trx, [invoice.id], intent.id);
    await deps.resources.subscriptions.update(
      trx,
      id,
      { pending_update: pendingUpdate },
      'customer.subscription.updated',
    );
    return { invoiceId: invoice.id, paymentIntentId: intent.id, credit: 0n };
  });
}

/** A change line as invoices keep it (amounts as strings), or a credit carried to a later invoice. */
export type StoredLine = Omit<ChangeLine, 'amount' | 'kind'> & {
  kind: ChangeLineKind | 'credit_carried';
  amount: string;
};
const storedLine = (line: ChangeLine): StoredLine => ({ ...line, amount: line.amount.toString() });

/** The waiting change whose invoice was just paid is made (`subscription` locked in this transaction). */
export async function applyPaidPlanChange(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  paidInvoiceIds: ReadonlySet<string>,
): Promise<void> {
  const pending = pendingUpdateOf(subscription);
  if (!pending || !paidInvoiceIds.has(pending.invoice_id)) return;
  await replaceItems(deps, trx, subscription, pending.items);
  await deps.resources.subscriptions.update(
    trx,
    subscription.id,
    { pending_update: '{}' },
    'customer.subscription.updated',
  );
}

/**
 * At a period's end: a change still unpaid lapses (the old plan renews), and the lines carried for the
 * next invoice are added to the cycle's. A credit larger than the cycle is carried on as one line.
 */
export async function settleCarriedLines(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  cycle: { total: bigint; lines: unknown[] },
): Promise<{ total: bigint; lines: unknown[]; carry: StoredLine[] }> {
  // A payment of it on its way keeps it: it is made when that payment settles.
  await dropPendingUpdate(deps, trx, subscription);
  const carried = subscriptionJson.pending_invoice_items.read(subscription.pending_invoice_items);
  if (carried.length === 0) return { ...cycle, carry: [] };
  const sum = carried.reduce((total, line) => total + BigInt(line.amount), cycle.total);
  if (sum >= 0n) return { total: sum, lines: [...cycle.lines, ...carried], carry: [] };
  const credit: StoredLine = {
    kind: 'credit_carried',
    amount: sum.toString(),
    proration: false,
    period: carried[carried.length - 1]!.period,
  };
  return {
    total: 0n,
    lines: [...cycle.lines, ...carried, { ...credit, amount: (-sum).toString() }],
    carry: [credit],
  };
}

/**
 * The answer to a plan change: the subscription as it is now and, when something is due, its invoice
 * and how to pay it (unless it is charged off session).
 */
export async function planChangeView(deps: Deps, subscriptionId: string, outcome: PlanChangeOutcome) {
  const subscription = (await getSubscription(deps.db, subscriptionId))!;
  const answer = {
    subscription,
    invoice: null,
    paymentIntent: null,
    paymentInstructions: null,
    credit: outcome.credit.toString(),
  };
  if (!outcome.invoiceId) return answer;
  const invoice = (await getInvoice(deps.db, outcome.invoiceId)) ?? null;
  // Charged off session (a saved card): nothing for the customer to pay.
  if (!outcome.paymentIntentId) return { ...answer, invoice };
  const row = (await findSubscriptionRow(deps.db, subscriptionId))!;
  const collecting = (await subscriptionMethod(deps.db, row))!;
  const intent = (await findIntentRow(deps.db, outcome.paymentIntentId))!;
  const { adapter, method } = deps.methods.read(collecting.method);
  return {
    ...answer,
    invoice,
    paymentIntent: paymentIntentView(intent),
    paymentInstructions: adapter.instructions(method, collecting.currency, BigInt(intent.amount)),
  };
}
