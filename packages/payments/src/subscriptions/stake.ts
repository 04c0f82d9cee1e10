import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { SubscriptionRow } from './service.ts';
import { subscriptionJson } from './table.ts';

/** The job that gives an ended subscription's stake back (flows/return-stake.ts runs it). */
export const RETURN_STAKE_JOB = 'subscriptions.return-stake';
/** The job that takes a slash the merchant started to the chain (flows/slash-stake.ts runs it). */
export const SLASH_STAKE_JOB = 'subscriptions.slash-stake';

/**
 * In the transaction that ends `subscription` (cancelled, ended at its period's end, expired before
 * its first payment): the stake it holds goes back to its customer once this commits. One job per
 * subscription, whichever end and however many requests raced to it.
 */
export async function returnStakeOnEnd(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
): Promise<void> {
  if (subscriptionJson.stake.read(subscription.stake)?.status !== 'held') return;
  await deps.jobs.enqueue(
    trx,
    RETURN_STAKE_JOB,
    { subscriptionId: subscription.id },
    { runAt: deps.clock.nowMs(), key: `return-stake:${subscription.id}` },
  );
}
