import { nextPeriodEnd } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { createSubscriptionInvoice } from '../invoices/service.ts';
import { BILLED_STATUSES, cycleCharge, lockSubscription, recurringOf } from '../subscriptions/service.ts';
import { enqueueCollection } from './collect.ts';

export const BILLING_SWEEP_JOB = 'billing.sweep';
const BATCH = 500;

/**
 * The billing engine's sweep: every subscription whose period has ended moves on by one period at a
 * time until it is current, each step in its own transaction. A server that was down for three
 * periods bills three invoices, as each period was used. Answers how many periods were advanced.
 */
export async function billDueSubscriptions(deps: Deps): Promise<number> {
  let advanced = 0;
  for (;;) {
    const due = await deps.db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', 'in', BILLED_STATUSES)
      .where('current_period_end', '<=', deps.clock.nowUnix())
      .orderBy('current_period_end')
      .limit(BATCH)
      .execute();
    let moved = 0;
    for (const { id } of due) if (await advanceSubscription(deps, id)) moved++;
    advanced += moved;
    if (due.length < BATCH || moved === 0) return advanced;
  }
}

/**
 * One period end of one subscription: a cancel scheduled for it takes effect (no invoice); otherwise
 * the next period begins and its invoice (subscription_cycle) is made and handed to collection.
 * Checked again under the row lock, so two sweeps never bill one period twice.
 */
export async function advanceSubscription(deps: Deps, id: string): Promise<boolean> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    const now = deps.clock.nowUnix();
    const end = Number(subscription.current_period_end);
    if (!BILLED_STATUSES.includes(subscription.status) || end > now) return false;

    const cancelAt = subscription.cancel_at === null ? undefined : Number(subscription.cancel_at);
    if (flag(subscription.cancel_at_period_end) || (cancelAt !== undefined && cancelAt <= end)) {
      await deps.resources.subscriptions.transition(trx, id, subscription.status, 'canceled', {
        type: 'customer.subscription.deleted',
        set: { ended_at: end },
      });
      return true;
    }

    const start = end;
    const next = nextPeriodEnd(Number(subscription.billing_cycle_anchor), recurringOf(subscription), start);
    const charge = await cycleCharge(trx, subscription);
    const invoice = await createSubscriptionInvoice(deps, trx, {
      livemode: flag(subscription.livemode),
      subscriptionId: id,
      customerId: subscription.customer_id,
      currencyId: subscription.currency_id,
      billingReason: 'subscription_cycle',
      total: charge.total,
      lines: charge.lines,
      period: { start, end: next },
      description: subscription.description,
      checkoutSessionId: null,
    });
    await deps.resources.subscriptions.update(
      trx,
      id,
      { current_period_start: start, current_period_end: next, latest_invoice_id: invoice.id },
      'customer.subscription.updated',
    );
    if (charge.total > 0n) await enqueueCollection(deps, trx, invoice.id, now * 1000);
    return true;
  });
}
