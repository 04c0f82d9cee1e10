import { isKioskError } from '@kiosk/core';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { BILLED_STATUSES, cancelSubscription, type SubscriptionRow } from '../subscriptions/service.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { stakeMethod } from './stakes.ts';

/** The sweep that reads the running subscriptions' stakes on their rails. */
export const WATCH_STAKES_JOB = 'subscriptions.watch-stakes';

/**
 * Seed 000 §1: a customer who withdraws the stake a subscription needs (notice given on the rail, or
 * the stake gone) ends it: cancelled as the customer's own cancel is (a paid period runs to its end,
 * a trial ends now), `cancelation_details.reason` `stake_revoked`, and it resumes only with a new
 * stake. Each stake is read outside any transaction; a rail that cannot answer is read next sweep.
 * Answers the subscriptions it cancelled.
 */
export async function watchStakes(deps: Deps): Promise<string[]> {
  const running = await deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', BILLED_STATUSES)
    .where('stake', '!=', '{}')
    .execute();
  const cancelled: string[] = [];
  for (const subscription of running)
    if (!flag(subscription.cancel_at_period_end) && (await stakeWithdrawn(deps, subscription))) {
      try {
        await cancelSubscription(deps, subscription.id, {
          at: 'current_period_end',
          requestedBy: 'customer',
          reason: 'stake_revoked',
        });
        cancelled.push(subscription.id);
      } catch (error) {
        // Ended meanwhile by another hand: nothing left to do.
        if (!isKioskError(error) || error.status >= 500) throw error;
      }
    }
  return cancelled;
}

async function stakeWithdrawn(deps: Deps, subscription: SubscriptionRow): Promise<boolean> {
  const stake = subscriptionJson.stake.read(subscription.stake);
  if (stake?.status !== 'held') return false;
  const rail = await stakeMethod(deps, subscription, stake);
  // A method gone, or one that cannot read its stakes, says nothing of them.
  if (!rail?.adapter.stakeStanding) return false;
  try {
    return (await rail.adapter.stakeStanding(rail.method, stake)) !== 'held';
  } catch {
    return false;
  }
}
