import type { Executor } from '../db.ts';
import type { Deps } from '../deps.ts';

/** The job that collects a batch of invoices (collection.ts runs it). */
export const COLLECT_JOB = 'billing.collect';

/**
 * Collect these invoices from `runAtMs` on, in the caller's transaction (the job exists only if it
 * commits). One job per batch: the sweep hands over a whole page of invoices at once.
 */
export async function enqueueCollection(
  deps: Deps,
  trx: Executor,
  invoiceIds: string[],
  runAtMs: number,
): Promise<void> {
  if (invoiceIds.length === 0) return;
  // One job per batch and attempt time: a sweep that finds the same attempt again adds nothing.
  await deps.jobs.enqueue(
    trx,
    COLLECT_JOB,
    { invoiceIds },
    { runAt: runAtMs, key: `${invoiceIds[0]}@${runAtMs}` },
  );
}
