import type { Deps } from '../deps.ts';
import { COLLECT_JOB } from './collection-queue.ts';
import { collectOnTheirClocks } from './clocked-collection.ts';
import { COLLECT_SWEEP_JOB, requeueStalledCollections } from './collection.ts';
import { billDueSubscriptions, BILLING_SWEEP_JOB } from './renewal.ts';
import { returnEndedStake } from './return-stake.ts';
import { settleSlash } from './slash-stake.ts';
import { watchStakes, WATCH_STAKES_JOB } from './watch-stakes.ts';
import { RETURN_STAKE_JOB, SLASH_STAKE_JOB } from '../subscriptions/stake.ts';

/** Period ends are looked for this often: an invoice is made within a minute of its date. */
const BILLING_SWEEP_MS = 60_000;
/** Open invoices whose collection stalled are looked for this often. */
const COLLECT_SWEEP_MS = 5 * 60_000;
/** Running subscriptions' stakes are read on their rails this often. */
const WATCH_STAKES_MS = 10 * 60_000;

/**
 * The billing engine on the durable job runner: the sweep that bills periods, each collection, the
 * sweep that hands over again the invoices whose collection job was lost, and each ended
 * subscription's stake given back.
 */
export async function defineBillingJobs(deps: Deps): Promise<void> {
  deps.jobs.define(BILLING_SWEEP_JOB, async () => void (await billDueSubscriptions(deps)));
  // A rail that cannot be asked (the chain's RPC is down) is tried again by the runner's own backoff.
  deps.jobs.define<{ invoiceIds: string[] }>(COLLECT_JOB, async ({ invoiceIds }) => {
    await collectOnTheirClocks(deps, invoiceIds);
  });
  deps.jobs.define(COLLECT_SWEEP_JOB, async () => void (await requeueStalledCollections(deps)));
  // A chain that cannot be asked is tried again by the runner's backoff, like a collection.
  deps.jobs.define<{ subscriptionId: string }>(RETURN_STAKE_JOB, async ({ subscriptionId }) => {
    await returnEndedStake(deps, subscriptionId);
  });
  deps.jobs.define<{ subscriptionId: string }>(SLASH_STAKE_JOB, async ({ subscriptionId }) => {
    await settleSlash(deps, subscriptionId);
  });
  deps.jobs.define(WATCH_STAKES_JOB, async () => void (await watchStakes(deps)));
  await deps.jobs.schedule(BILLING_SWEEP_JOB, BILLING_SWEEP_JOB, BILLING_SWEEP_MS);
  await deps.jobs.schedule(COLLECT_SWEEP_JOB, COLLECT_SWEEP_JOB, COLLECT_SWEEP_MS);
  await deps.jobs.schedule(WATCH_STAKES_JOB, WATCH_STAKES_JOB, WATCH_STAKES_MS);
}
