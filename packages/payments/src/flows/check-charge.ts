import { SECONDS } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { isAnonymousDonor } from '../donations/donor.ts';
import type { PaymentsTables } from '../tables.ts';
import { failCharge, settleCharge } from './settle-charge.ts';
import { findIntentRow } from '../payment-intents/queries.ts';
import { noteIntentProgress } from '../payment-intents/service.ts';
import { getPaymentMethod } from '../payment-methods/queries.ts';
import { paymentKeyOf, type CheckWindow, type PaymentMethodAdapter } from '../methods/adapter.ts';

type ChargeRow = PaymentsTables['charges'];

/**
 * Checking a named payment, one job per check. "Not there yet" (not mined, too few confirmations)
 * is asked again, often at first and then less often, until the charge's window closes; then it
 * fails as TX_NOT_CONFIRMED (the buyer and the merchant see why, and naming it again checks again).
 * A transaction the rail has never heard of is not waited for that long: still unknown once the
 * round is NOT_FOUND_GRACE_SECONDS old, it fails as TX_NOT_FOUND (a made-up hash costs two minutes
 * of checks, not fifteen; a real transfer named a little early is still found in time).
 * A rail that cannot be asked (the node is down) is not a verdict: it is asked again every few seconds
 * for as long as it takes, so no payment named during an outage is lost. Checks of one round form one
 * chain (each job's key names its check), and every decision is a compare-and-set on `pending`, so a
 * check run twice decides once.
 */

export const VERIFY_JOB = 'payments.verify-charge';
export const CHECK_SWEEP_JOB = 'payments.sweep-charges';
/** How long an unconfirmed payment is waited for after it is named (each round of checks). */
export const CHECK_WINDOW_SECONDS = 15 * SECONDS.minute;
/** How long a transaction the rail does not know at all is waited for, from the start of its round. */
export const NOT_FOUND_GRACE_SECONDS = 120;
/** Not found or not confirmed yet: every 2 s for the first minute, then every 10 s. */
export const FAST_CHECK_MS = 2_000;
export const SLOW_CHECK_MS = 10_000;
const FAST_CHECKS_FOR_SECONDS = 60;
/** The rail did not answer: asked again this often, without end. */
export const UNREACHABLE_RETRY_MS = 5_000;
/** A pending charge untouched this long lost its job (a crash, a job out of attempts): the sweep requeues it. */
export const STALLED_AFTER_SECONDS = 60;

/** The rail's own check window (a slow chain's), else the defaults above. */
export const checkWindowOf = (adapter: PaymentMethodAdapter<unknown>, settings: unknown): CheckWindow =>
  adapter.checkWindow?.(settings) ?? {
    roundSeconds: CHECK_WINDOW_SECONDS,
    notFoundSeconds: NOT_FOUND_GRACE_SECONDS,
    everyMs: SLOW_CHECK_MS,
  };

interface CheckPayload {
  charge_id: string;
  round: number;
  check: number;
}

/** Queues check number `check` of the charge's current round, inside the caller's transaction. */
export async function queueCheck(deps: Deps, trx: Executor, charge: ChargeRow, delayMs = 0): Promise<void> {
  const round = Number(charge.round);
  const check = Number(charge.checks);
  await deps.jobs.enqueue(trx, VERIFY_JOB, { charge_id: charge.id, round, check } satisfies CheckPayload, {
    key: `${charge.id}:${round}:${check}`,
    delayMs,
  });
  deps.jobs.wake();
}

export function defineChargeJobs(deps: Deps): void {
  deps.jobs.define<CheckPayload>(VERIFY_JOB, (payload) => checkCharge(deps, payload), {
    // A failure here is the database's, not the rail's: retried, and the sweep catches the rest.
    maxAttempts: 10,
  });
  deps.jobs.define(CHECK_SWEEP_JOB, async () => void (await requeueStalledChecks(deps)));
}

async function checkCharge(deps: Deps, { charge_id, round, check }: CheckPayload): Promise<void> {
  const charge = await deps.db
    .selectFrom('charges')
    .selectAll()
    .where('id', '=', charge_id)
    .executeTakeFirst();
  if (!charge || charge.status !== 'pending' || Number(charge.round) !== round) return;

  const livemode = flag(charge.livemode);
  const method = await getPaymentMethod(deps.db, livemode, charge.payment_method_id);
  const currency = method?.payment_currencies.find((c) => c.id === charge.currency_id);
  if (!method || !currency)
    return decide(deps, (trx) => failCharge(deps, trx, charge.id, 'CURRENCY_NOT_AVAILABLE'));
  const intent = (await findIntentRow(deps.db, charge.payment_intent_id))!;
  const customer = await deps.db
    .selectFrom('customers')
    .select('did')
    .where('id', '=', intent.customer_id)
    .executeTakeFirstOrThrow();
  const { adapter, method: read } = deps.methods.read(method);

  let verdict;
  try {
    verdict = await adapter.verify(read, currency, {
      reference: charge.reference,
      payerDid: isAnonymousDonor(customer.did) ? null : customer.did,
      paymentKey: paymentKeyOf(intent),
    });
  } catch {
    return next(deps, charge, check, UNREACHABLE_RETRY_MS, 'RAIL_UNREACHABLE');
  }
  if (verdict.outcome === 'rejected')
    return decide(deps, (trx) => failCharge(deps, trx, charge.id, verdict.reason, verdict.arrived));
  if (verdict.outcome === 'received')
    return decide(deps, (trx) => settleCharge(deps, trx, charge.id, { ...verdict, methodType: method.type }));
  if (verdict.details) {
    const progress = { methodType: method.type, details: verdict.details };
    await decide(deps, (trx) => noteIntentProgress(deps, trx, intent, progress));
  }
  const now = deps.clock.nowUnix();
  const window = checkWindowOf(adapter, read.settings);
  // A round is checked until `check_until`, which naming set to its start plus the window.
  const roundAge = now - (Number(charge.check_until) - window.roundSeconds);
  // After an outage the rail is asked once more before "not found" is believed.
  const answeredBefore = charge.last_check_error !== 'RAIL_UNREACHABLE';
  if (verdict.reason === 'NOT_FOUND' && roundAge > window.notFoundSeconds && answeredBefore)
    return decide(deps, (trx) => failCharge(deps, trx, charge.id, 'TX_NOT_FOUND'));
  if (now >= Number(charge.check_until))
    return decide(deps, (trx) => failCharge(deps, trx, charge.id, 'TX_NOT_CONFIRMED'));
  const age = now - Number(charge.created_at);
  return next(deps, charge, check, age < FAST_CHECKS_FOR_SECONDS ? FAST_CHECK_MS : window.everyMs, null);
}

const decide = (deps: Deps, work: (trx: Executor) => Promise<void>) => transaction(deps.db, work);

/** Queues the next check of this round, noting why this one could not decide. */
async function next(
  deps: Deps,
  charge: ChargeRow,
  check: number,
  delayMs: number,
  checkError: string | null,
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('charges')
      .set({ checks: check + 1, last_check_error: checkError, updated_at: deps.clock.nowUnix() })
      .where('id', '=', charge.id)
      .where('round', '=', charge.round)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (updated) await queueCheck(deps, trx, updated, delayMs);
  });
}

/** Every pending charge whose checks stopped (a crash, a job that ran out of attempts) is checked again. */
export async function requeueStalledChecks(deps: Deps): Promise<number> {
  const stalled = await deps.db
    .selectFrom('charges')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<', deps.clock.nowUnix() - STALLED_AFTER_SECONDS)
    .limit(500)
    .execute();
  for (const charge of stalled) await next(deps, charge, Number(charge.checks), 0, charge.last_check_error);
  return stalled.length;
}
