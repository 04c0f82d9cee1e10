import { KioskError, periodContaining } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { Deps } from '../deps.ts';
import { lockSubscription, recurringOf, type SubscriptionRow } from './service.ts';
import { subscriptionJson } from './table.ts';

/**
 * Pausing collection (the merchant's; Stripe's `pause_collection` with `behavior: void`): a paused
 * subscription is not billed and its periods do not run. Resuming makes it active on its old billing
 * dates: the rest of the period it resumes in is free, and the next invoice comes at that period's end.
 * Keeping the dates keeps every billing date in a mandate window of its own, so the customer's
 * mandate collects as before (docs/recurring-crypto.md).
 */

export async function pauseSubscription(deps: Deps, id: string): Promise<SubscriptionRow> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    if (subscription.status !== 'active') throw new KioskError('SUBSCRIPTION_NOT_PAUSABLE', { status: 409 });
    return (await deps.resources.subscriptions.transition(trx, id, 'active', 'paused', {
      type: 'customer.subscription.paused',
      set: {
        pause_collection: subscriptionJson.pause_collection.write({
          behavior: 'void',
          paused_at: deps.clock.nowUnix(),
        }),
      },
    }))!;
  });
}

export async function resumeSubscription(deps: Deps, id: string): Promise<SubscriptionRow> {
  return transaction(deps.db, async (trx) => {
    const subscription = await lockSubscription(deps, trx, id);
    if (subscription.status !== 'paused') throw new KioskError('SUBSCRIPTION_NOT_PAUSED', { status: 409 });
    const period = periodContaining(
      Number(subscription.billing_cycle_anchor),
      recurringOf(subscription),
      deps.clock.nowUnix(),
    );
    return (await deps.resources.subscriptions.transition(trx, id, 'paused', 'active', {
      type: 'customer.subscription.resumed',
      set: { pause_collection: '{}', current_period_start: period.start, current_period_end: period.end },
    }))!;
  });
}
