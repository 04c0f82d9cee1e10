import { returnStakeOnEnd } from '../subscriptions/stake.ts';
import type { Price } from '@kiosk/contracts';
import { nextPeriodEnd } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createSubscriptionInvoices } from '../invoices/service.ts';
import { loadPrices } from '../prices/queries.ts';
import {
  BILLED_STATUSES,
  cycleChargeOf,
  lockSubscriptions,
  recurringOf,
  type ItemRow,
  type SubscriptionRow,
} from '../subscriptions/service.ts';
import { settleCarriedLines } from './change-plan.ts';
import { invoiceBuyers } from './invoice-buyers.ts';
import type { PaymentsTables } from '../tables.ts';
import { enqueueCollection } from './collection-queue.ts';
import { itemRowsOf } from '../subscriptions/queries.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { customersOnClock } from '../test-clocks/queries.ts';
import { depsOnClock, type ClockScope } from '../test-clocks/scope.ts';

type InvoiceRow = PaymentsTables['invoices'];

export const BILLING_SWEEP_JOB = 'billing.sweep';
/** Subscriptions advanced in one transaction (one commit, one collection job). */
const BATCH = 200;

/**
 * The billing engine's sweep: every subscription whose period has ended moves on by one period at a
 * time until it is current. A page of them is advanced in one transaction and handed to collection as
 * one job; should the page fail, each is advanced alone, so one bad subscription never holds the
 * others back. A server that was down for three periods bills three invoices, as each period was used.
 * Answers how many periods were advanced; throws, after billing the rest, what a subscription that
 * could not be advanced threw.
 *
 * Customers on a test clock are billed on the clock's time only: without `scope` the sweep leaves
 * them out; with it, it bills only the subscriptions of that clock's customers, at `scope.now` for
 * everything it does (its invoices' dates and periods, when their collection is due), as the clock's
 * advance asks.
 */
export async function billDueSubscriptions(wallDeps: Deps, scope?: ClockScope): Promise<number> {
  const deps = depsOnClock(wallDeps, scope);
  let advanced = 0;
  let failure: unknown;
  for (;;) {
    const due = await deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', 'in', BILLED_STATUSES)
      .where('current_period_end', '<=', deps.clock.nowUnix())
      .where('customer_id', scope ? 'in' : 'not in', customersOnClock(deps.db, scope?.testClockId ?? null))
      .orderBy('current_period_end')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const ids = due.map((row) => row.id);
    let moved: number;
    try {
      moved = await advancePage(deps, ids);
    } catch {
      moved = 0;
      for (const id of ids) {
        try {
          moved += await advancePage(deps, [id]);
        } catch (error) {
          failure ??= error;
        }
      }
    }
    advanced += moved;
    if (due.length < BATCH || moved === 0) break;
  }
  // The others are billed; the job runner reports the failure (and the next sweep tries it again).
  if (failure) throw failure;
  return advanced;
}

/**
 * A page of subscriptions advanced in one transaction: they are locked, and their items and prices
 * read, once for the page (three queries, not three per subscription).
 */
async function advancePage(deps: Deps, ids: string[]): Promise<number> {
  return transaction(deps.db, async (trx) => {
    const subscriptions = await lockSubscriptions(deps, trx, ids);
    const items = new Map<string, ItemRow[]>();
    for (const item of await itemRowsOf(trx, ids)) {
      const own = items.get(item.subscription_id) ?? [];
      own.push(item);
      items.set(item.subscription_id, own);
    }
    const prices = await pricesOf(trx, [...subscriptions.values()], items);
    const next: NextPeriod[] = [];
    let moved = 0;
    for (const id of ids) {
      const subscription = subscriptions.get(id);
      if (!subscription) continue;
      const outcome = await endPeriod(deps, trx, subscription, () =>
        cycleChargeOf(
          items.get(id) ?? [],
          prices.get(flag(subscription.livemode)) ?? new Map(),
          subscription.currency_id,
        ),
      );
      if (outcome) moved++;
      if (outcome && outcome !== 'canceled') next.push(outcome);
    }
    const invoices = await beginPeriods(deps, trx, next);
    // A period that bills nothing has its invoice paid already.
    const toCollect = invoices.filter((_, i) => next[i]!.charge.total > 0n).map((invoice) => invoice.id);
    await enqueueCollection(deps, trx, toCollect, deps.clock.nowMs());
    return moved;
  });
}

/** The prices the page's items bill, by mode (a page may hold live and test subscriptions). */
async function pricesOf(
  trx: Executor,
  subscriptions: SubscriptionRow[],
  items: Map<string, { price_id: string }[]>,
): Promise<Map<boolean, Map<string, Price>>> {
  const byMode = new Map<boolean, Map<string, Price>>();
  for (const livemode of new Set(subscriptions.map((subscription) => flag(subscription.livemode)))) {
    const priceIds = subscriptions
      .filter((subscription) => flag(subscription.livemode) === livemode)
      .flatMap((subscription) => (items.get(subscription.id) ?? []).map((item) => item.price_id));
    byMode.set(livemode, await loadPrices(trx, livemode, [...new Set(priceIds)]));
  }
  return byMode;
}

/** A subscription whose next period begins, with what that period bills. */
interface NextPeriod {
  subscription: SubscriptionRow;
  start: number;
  end: number;
  charge: Awaited<ReturnType<typeof settleCarriedLines>>;
}

/**
 * One period end of one subscription, in the caller's transaction, its row locked there (`cycle`
 * prices a period from the items read with it): a cancel scheduled for it takes effect (no invoice);
 * otherwise the next period is due to begin (beginPeriods). Checked again under the lock, so two
 * sweeps never bill one period twice. Answers undefined when nothing was due.
 */
async function endPeriod(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  cycle: () => { total: bigint; lines: unknown[] },
): Promise<NextPeriod | 'canceled' | undefined> {
  const now = deps.clock.nowUnix();
  const end = Number(subscription.current_period_end);
  if (!BILLED_STATUSES.includes(subscription.status) || end > now) return undefined;

  const cancelAt = subscription.cancel_at === null ? undefined : Number(subscription.cancel_at);
  if (flag(subscription.cancel_at_period_end) || (cancelAt !== undefined && cancelAt <= end)) {
    await deps.resources.subscriptions.transition(trx, subscription.id, subscription.status, 'canceled', {
      type: 'customer.subscription.deleted',
      set: { ended_at: end },
    });
    await returnStakeOnEnd(deps, trx, subscription);
    return 'canceled';
  }
  return {
    subscription,
    start: end,
    end: nextPeriodEnd(Number(subscription.billing_cycle_anchor), recurringOf(subscription), end),
    charge: await settleCarriedLines(deps, trx, subscription, cycle()),
  };
}

/** The next periods begin: their invoices (subscription_cycle), made in one statement, and each row moved on. */
async function beginPeriods(deps: Deps, trx: Executor, periods: NextPeriod[]): Promise<InvoiceRow[]> {
  const buyers = await invoiceBuyers(
    trx,
    periods.map(({ subscription }) => ({ customerId: subscription.customer_id, checkoutSessionId: null })),
  );
  const invoices = await createSubscriptionInvoices(
    deps,
    trx,
    periods.map(({ subscription, start, end, charge }, i) => ({
      livemode: flag(subscription.livemode),
      subscriptionId: subscription.id,
      customerId: subscription.customer_id,
      buyer: buyers[i]!,
      currencyId: subscription.currency_id,
      billingReason: 'subscription_cycle' as const,
      total: charge.total,
      lines: charge.lines,
      period: { start, end },
      description: subscription.description,
      checkoutSessionId: null,
    })),
  );
  for (const [i, { subscription, start, end, charge }] of periods.entries())
    await deps.resources.subscriptions.update(
      trx,
      subscription.id,
      {
        current_period_start: start,
        current_period_end: end,
        latest_invoice_id: invoices[i]!.id,
        pending_invoice_items: subscriptionJson.pending_invoice_items.write(charge.carry),
      },
      'customer.subscription.updated',
    );
  return invoices;
}
