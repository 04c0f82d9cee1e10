import { transaction } from '@kiosk/db';
import { flag, moneyText, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { enqueueCollection } from './collection-queue.ts';
import { failPlanChange } from './pending-plan-change.ts';
import { markPastDue, recordCollections, type CollectedBy, type Pull } from './record-pulls.ts';
import { failInvoiceAttempt } from '../invoices/service.ts';
import type { CollectVerdict } from '../methods/adapter.ts';
import { storedMandateOf, subscriptionMethod, type SubscriptionRow } from '../subscriptions/service.ts';
import type { PaymentsTables } from '../tables.ts';
import { customersOnClock } from '../test-clocks/queries.ts';
import { depsOnClock, type ClockScope } from '../test-clocks/scope.ts';

export const COLLECT_SWEEP_JOB = 'billing.collect-sweep';

/**
 * After the first failed attempt the invoice is tried again after 1, then 3, then 5 days (about a
 * week in all, like Stripe's default retry schedule); the attempt after the last delay that fails
 * again makes the invoice uncollectible and the subscription past due.
 */
export const RETRY_DELAYS_SECONDS = [86_400, 3 * 86_400, 5 * 86_400] as const;

/**
 * A rail whose clock is behind the server's (an idle chain: its next block is not mined yet) may
 * refuse a pull as too early, for a time that has passed by the server's clock: asked again this long
 * after, not at that time (a job for a past time would be the one running, and its key taken).
 */
export const RAIL_BEHIND_RETRY_SECONDS = 60;

/**
 * An open invoice whose attempt was due this long ago without anything recorded lost its job (a
 * crash, a job out of attempts while the rail was down): the collection sweep hands it over again.
 * Longer than an attempt takes, so the sweep finds only what nothing else will collect.
 */
export const COLLECTION_STALLED_AFTER_SECONDS = 15 * 60;
/** Invoices handed over again in one collection job. */
const SWEEP_PAGE = 200;

type InvoiceRow = PaymentsTables['invoices'];

/**
 * The collection sweep: every open invoice whose attempt was due COLLECTION_STALLED_AFTER_SECONDS ago
 * or more is handed to collection again, a page a job, so that no lost job leaves a period
 * uncollected and its customer unblocked. A collection leaves an open invoice's next attempt to come
 * (or none), so the sweep finds only invoices nothing else will try. Answers how many it handed over.
 */
export async function requeueStalledCollections(deps: Deps): Promise<number> {
  let handed = 0;
  // A test clock's customers are collected by its advances, on its time.
  const stalledAt = deps.clock.nowUnix() - COLLECTION_STALLED_AFTER_SECONDS;
  for await (const ids of dueInvoicePages(deps, stalledAt, null)) {
    // A key of its own (the sweep's time): the lost job's may still be taken.
    await enqueueCollection(deps, deps.db, ids, deps.clock.nowMs());
    handed += ids.length;
  }
  return handed;
}

/**
 * The ids of the open subscription invoices whose attempt is due by `dueBy`, a page at a time: of the
 * customers on no test clock (`testClockId` null), or of one clock's customers.
 */
export async function* dueInvoicePages(
  deps: Deps,
  dueBy: number,
  testClockId: string | null,
): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const page = await deps.db
      .selectFrom('invoices')
      .select('id')
      .where('status', '=', 'open')
      .where('subscription_id', 'is not', null)
      .where('next_payment_attempt', '<=', dueBy)
      .where('customer_id', testClockId ? 'in' : 'not in', customersOnClock(deps.db, testClockId))
      .where('id', '>', after)
      .orderBy('id')
      .limit(SWEEP_PAGE)
      .execute();
    const ids = page.map((invoice) => invoice.id);
    if (ids.length) yield ids;
    if (ids.length < SWEEP_PAGE) return;
    after = ids.at(-1)!;
  }
}

export type CollectionOutcome = CollectVerdict['outcome'] | 'skipped';

interface Attempt {
  invoiceId: string;
  verdict: CollectVerdict;
  method?: CollectedBy;
}

/**
 * What a batch's attempts read before asking the rails, read once for the whole batch: its invoices,
 * their subscriptions, and each subscription's method and currency (a batch mostly shares one).
 */
interface BatchReads {
  invoices: Map<string, InvoiceRow>;
  /** The test clock each invoice's customer is on (absent when none). */
  clocks: Map<string, string>;
  subscriptions: Map<string, SubscriptionRow>;
  methods: Map<string, ReturnType<typeof subscriptionMethod>>;
}

async function readBatch(deps: Deps, invoiceIds: string[]): Promise<BatchReads> {
  const rows = await deps.db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .selectAll('invoices')
    .select('customers.test_clock_id')
    .where('invoices.id', 'in', invoiceIds)
    .execute();
  const subscriptionIds = [...new Set(rows.flatMap((invoice) => invoice.subscription_id ?? []))];
  const subscriptions = subscriptionIds.length
    ? await deps.db.selectFrom('subscriptions').selectAll().where('id', 'in', subscriptionIds).execute()
    : [];
  return {
    invoices: new Map(rows.map(({ test_clock_id: _clock, ...invoice }) => [invoice.id, invoice])),
    clocks: new Map(rows.flatMap((row) => (row.test_clock_id ? [[row.id, row.test_clock_id] as const] : []))),
    subscriptions: new Map(subscriptions.map((subscription) => [subscription.id, subscription])),
    methods: new Map(),
  };
}

/**
 * One collection attempt of a subscription invoice through its method's adapter, asked outside any
 * database transaction; undefined when the invoice is not due for collection (paid meanwhile, not
 * its time yet). Throws when the rail cannot be asked.
 */
async function attemptCollection(
  deps: Deps,
  invoiceId: string,
  batch: BatchReads,
  scope: ClockScope | undefined,
): Promise<Attempt | undefined> {
  const invoice = batch.invoices.get(invoiceId);
  const now = deps.clock.nowUnix();
  if (!invoice || invoice.status !== 'open' || !invoice.subscription_id) return undefined;
  // On the wall clock's time only its own customers', on a test clock's only that clock's.
  if (batch.clocks.get(invoiceId) !== scope?.testClockId) return undefined;
  if (invoice.next_payment_attempt === null || Number(invoice.next_payment_attempt) > now) return undefined;
  const subscription = batch.subscriptions.get(invoice.subscription_id);
  if (!subscription?.default_payment_method_id)
    return { invoiceId, verdict: { outcome: 'failed', reason: 'MANDATE_NOT_FOUND', final: true } };
  const methodKey = `${flag(subscription.livemode)}:${subscription.default_payment_method_id}:${subscription.currency_id}`;
  if (!batch.methods.has(methodKey)) batch.methods.set(methodKey, subscriptionMethod(deps.db, subscription));
  const collecting = await batch.methods.get(methodKey);
  const mandate = collecting && storedMandateOf(subscription, collecting.method.type);
  if (!collecting || !mandate)
    return { invoiceId, verdict: { outcome: 'failed', reason: 'MANDATE_NOT_FOUND', final: true } };
  const { method: methodRow, currency } = collecting;
  const { adapter, method } = deps.methods.read(methodRow);
  if (!adapter.collect)
    return { invoiceId, verdict: { outcome: 'failed', reason: 'MANDATE_NOT_FOUND', final: true } };
  const amount = BigInt(moneyText(invoice.amount_remaining));
  return {
    invoiceId,
    verdict: await adapter.collect(method, currency, mandate, {
      invoiceId,
      amount,
      now,
      attempt: Number(invoice.attempt_count),
    }),
    method: { id: methodRow.id, type: methodRow.type, network: adapter.network(method.settings) },
  };
}

/**
 * Attempts' outcomes, in the caller's transaction with their events: received → a payment intent and
 * charge settled through the same path as a buyer's payment (so a pull counts once, ever), the invoice
 * paid, the subscription active; waiting → tried again when the rail says; failed → retried with
 * backoff, and at the end uncollectible and past due. The batch's invoices are read (held until the
 * commit), and its pulls recorded and settled, together. An invoice closed since it was asked for
 * (voided, its checkout expired, paid another way) has only its pull recorded: money was taken, so it
 * is kept as refundable (recordCollections).
 */
async function recordAttempts(deps: Deps, trx: Executor, attempts: Attempt[]): Promise<void> {
  const now = deps.clock.nowUnix();
  let reading = trx
    .selectFrom('invoices')
    .selectAll()
    .where(
      'id',
      'in',
      attempts.map((attempt) => attempt.invoiceId),
    )
    .orderBy('id');
  // Held, so that nothing voids or pays them between this read and their pulls' record.
  if (deps.engine === 'postgres') reading = reading.forUpdate();
  const current = new Map((await reading.execute()).map((invoice) => [invoice.id, invoice]));
  const pulls: Pull[] = [];
  for (const { invoiceId, verdict, method } of attempts) {
    const invoice = current.get(invoiceId);
    if (verdict.outcome === 'received') {
      if (invoice) pulls.push({ invoice, method: method!, received: verdict });
      continue;
    }
    if (invoice?.status !== 'open') continue;
    if (verdict.outcome === 'waiting') {
      // Always a time to come: the rail's own time may have passed already by the server's clock.
      const retryAt = Math.max(verdict.retryAt, now + RAIL_BEHIND_RETRY_SECONDS);
      await deps.resources.invoices.update(
        trx,
        invoiceId,
        { next_payment_attempt: retryAt },
        'invoice.updated',
        ['open'],
      );
      await enqueueCollection(deps, trx, [invoiceId], retryAt * 1000);
      continue;
    }
    const attempt = Number(invoice.attempt_count) + 1;
    const delay = verdict.final ? undefined : RETRY_DELAYS_SECONDS[attempt - 1];
    const retryAt = delay === undefined ? null : now + delay;
    if (retryAt === null && invoice.billing_reason === 'subscription_update') {
      await failPlanChange(deps, trx, invoice, verdict.reason);
      continue;
    }
    await failInvoiceAttempt(deps, trx, invoiceId, { code: verdict.reason, retryAt });
    if (retryAt !== null) await enqueueCollection(deps, trx, [invoiceId], retryAt * 1000);
    else await markPastDue(deps, trx, invoice.subscription_id!);
  }
  await recordCollections(deps, trx, pulls);
}

/**
 * Collects a batch of invoices: each is asked of its rail in turn, then every outcome is recorded in
 * one transaction (one commit for the batch, not one per invoice). Should recording the batch fail,
 * each is recorded alone, so one bad invoice never holds the others' payments back. A rail that cannot
 * be asked throws after the outcomes before it are recorded (the job runner tries the batch again; a
 * pull already made is found again by the adapter, never made twice). Answers each outcome.
 *
 * Without `scope` it collects on the wall clock's time and skips the invoices of a test clock's
 * customers; with it, only those of that clock's customers, at the clock's time (clocked-collection.ts).
 */
export async function collectInvoices(
  wallDeps: Deps,
  invoiceIds: string[],
  scope?: ClockScope,
): Promise<Map<string, CollectionOutcome>> {
  const deps = depsOnClock(wallDeps, scope);
  const outcomes = new Map<string, CollectionOutcome>(invoiceIds.map((id) => [id, 'skipped']));
  const attempts: Attempt[] = [];
  let unreachable: unknown;
  const batch = await readBatch(deps, invoiceIds);
  for (const id of invoiceIds) {
    try {
      const attempt = await attemptCollection(deps, id, batch, scope);
      if (attempt) attempts.push(attempt);
    } catch (error) {
      unreachable = error;
      break;
    }
  }
  try {
    await transaction(deps.db, async (trx) => {
      await recordAttempts(deps, trx, attempts);
    });
  } catch {
    for (const attempt of attempts) await transaction(deps.db, (trx) => recordAttempts(deps, trx, [attempt]));
  }
  for (const attempt of attempts) outcomes.set(attempt.invoiceId, attempt.verdict.outcome);
  if (unreachable) throw unreachable;
  return outcomes;
}
