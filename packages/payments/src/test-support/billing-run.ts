import { newId } from '@kiosk/core';
import {
  JobRunner,
  jobsMigrations,
  migrateToLatest,
  openDatabase,
  transaction,
  type Database,
} from '@kiosk/db';
import { createPlatform, platformMigrations, TestClock } from '@kiosk/platform';
import { z } from 'zod';
import { COLLECT_JOB } from '../flows/collection-queue.ts';
import { billDueSubscriptions } from '../flows/renewal.ts';
import { defineBillingJobs } from '../flows/billing-jobs.ts';
import { createDeps, type Deps } from '../deps.ts';
import { MethodRegistry, type PaymentMethodAdapter } from '../methods/adapter.ts';
import { priceJson } from '../prices/table.ts';
import { subscriptionJson } from '../subscriptions/table.ts';
import { paymentsMigrations } from '../tables.ts';

/**
 * The billing engine's run for many subscriptions falling due at once (`npm run bench`): the real
 * sweep and the real job runner on a real database, collecting through a stub adapter that answers
 * "received" at once, so that the engine is measured and not a chain.
 */

/** Its pulls are on the network `bench:1`, each named by the invoice it pays. */
const stubAdapter: PaymentMethodAdapter<unknown> = {
  types: ['evm'],
  capabilities: { recurring: true, collect: true, refund: false },
  settings: z.unknown(),
  publicSettings: () => ({}),
  instructions: () => {
    throw new Error('the billing bench pays nothing by hand');
  },
  reference: z.string(),
  network: () => 'bench:1',
  verify: () => Promise.reject(new Error('the billing bench verifies nothing')),
  collect: async (_method, _currency, mandate, { invoiceId, amount }) => ({
    outcome: 'received',
    reference: invoiceId,
    amount,
    payer: mandate.payer,
    details: {},
  }),
};

export interface BillingRunFigures {
  subscriptions: number;
  /** The sweep: one cycle invoice per subscription, each handed to collection. */
  invoicingMs: number;
  /** The job runner collecting every invoice through the stub adapter. */
  collectingMs: number;
  totalMs: number;
  paidInvoices: number;
  /** The baseline: as many invoice rows inserted raw (multi-row statements, one transaction). */
  rawInvoiceInsertMs: number;
}

/** Inserts `count` copies of `invoice` (new ids and numbers) as fast as the database takes them. */
async function insertInvoicesRaw(deps: Deps, count: number): Promise<number> {
  const sample = await deps.db.selectFrom('invoices').selectAll().limit(1).executeTakeFirstOrThrow();
  const started = performance.now();
  // SQLite takes at most 32 766 parameters a statement: an invoice row has about 30.
  const ROWS = 500;
  await transaction(deps.db, async (trx) => {
    for (let from = 0; from < count; from += ROWS) {
      const rows = Array.from({ length: Math.min(ROWS, count - from) }, (_, i) => ({
        ...sample,
        id: newId('invoice'),
        number: `RAW-${from + i}`,
      }));
      await trx.insertInto('invoices').values(rows).execute();
    }
  });
  return Math.round(performance.now() - started);
}

/** `count` active monthly subscriptions of one price, each with its own customer and mandate, due at `due`. */
async function seed(deps: Deps, database: Database, count: number, due: number): Promise<void> {
  const db = deps.db;
  const base = { livemode: false, created_at: due - 86_400, updated_at: due - 86_400 };
  const methodId = newId('paymentMethod');
  const currencyId = newId('paymentCurrency');
  const productId = newId('product');
  const priceId = newId('price');
  await db
    .insertInto('payment_methods')
    .values({
      ...base,
      id: methodId,
      type: 'evm',
      name: 'Bench',
      description: null,
      logo: null,
      settings: '{}',
      default_currency_id: currencyId,
      active: true,
      metadata: '{}',
    })
    .execute();
  await db
    .insertInto('payment_currencies')
    .values({
      ...base,
      id: currencyId,
      payment_method_id: methodId,
      name: 'Bench token',
      symbol: 'BT',
      decimal: 6,
      maximum_precision: 6,
      logo: null,
      contract: '0x0000000000000000000000000000000000000001',
      is_base_currency: true,
      active: true,
    })
    .execute();
  await db
    .insertInto('products')
    .values({
      ...base,
      id: productId,
      type: 'service',
      name: 'Plan',
      description: null,
      images: '[]',
      unit_label: null,
      statement_descriptor: null,
      cross_sell: '{}',
      active: true,
      metadata: '{}',
    })
    .execute();
  await db
    .insertInto('prices')
    .values({
      ...base,
      id: priceId,
      product_id: productId,
      type: 'recurring',
      nickname: 'Monthly',
      lookup_key: null,
      currency_id: currencyId,
      unit_amount: '1000000',
      currency_options: '[]',
      custom_unit_amount: 'null',
      recurring: priceJson.recurring.write({
        interval: 'month',
        interval_count: 1,
        usage_type: 'licensed',
        proration_mode: 'prorate',
      }),
      upsell: 'null',
      quantity_available: 0,
      quantity_sold: 0,
      quantity_limit_per_checkout: 0,
      active: true,
      metadata: '{}',
    })
    .execute();
  const CHUNK = 400;
  for (let from = 0; from < count; from += CHUNK) {
    await transaction(database.db, async (trx) => {
      const customers = [];
      const subscriptions = [];
      const items = [];
      for (let i = from; i < Math.min(count, from + CHUNK); i++) {
        const customerId = newId('customer');
        const subscriptionId = newId('subscription');
        const address = `0x${i.toString(16).padStart(40, '0')}`;
        customers.push({
          ...base,
          id: customerId,
          did: `did:pkh:eip155:1:${address}`,
          name: null,
          email: null,
          phone: null,
          address: '{}',
          metadata: '{}',
        });
        subscriptions.push({
          ...base,
          id: subscriptionId,
          status: 'active' as const,
          customer_id: customerId,
          currency_id: currencyId,
          default_payment_method_id: methodId,
          description: null,
          recurring: subscriptionJson.recurring.write({ interval: 'month', interval_count: 1 }),
          checkout_session_id: null,
          latest_invoice_id: null,
          billing_cycle_anchor: due - 30 * 86_400,
          current_period_start: due - 30 * 86_400,
          current_period_end: due,
          start_date: due - 30 * 86_400,
          trial_start: null,
          trial_end: null,
          ended_at: null,
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          cancelation_details: '{}',
          collection_method: 'charge_automatically' as const,
          proration_behavior: 'create_prorations',
          payment_settings: '{}',
          payment_details: subscriptionJson.payment_details.write({
            evm: { id: subscriptionId, payer: address, details: {} },
          }),
          billing_thresholds: '{}',
          stake: '{}',
          pause_collection: '{}',
          pending_update: '{}',
          pending_invoice_items: '[]',
          recovered_from: null,
          metadata: '{}',
        });
        items.push({
          ...base,
          id: newId('subscriptionItem'),
          subscription_id: subscriptionId,
          price_id: priceId,
          quantity: 1,
          metadata: '{}',
        });
      }
      const tx = trx as unknown as Deps['db'];
      // SQLite takes at most 32 766 parameters a statement: a subscription row has 34.
      for (let i = 0; i < subscriptions.length; i += 100) {
        await tx
          .insertInto('customers')
          .values(customers.slice(i, i + 100))
          .execute();
        await tx
          .insertInto('subscriptions')
          .values(subscriptions.slice(i, i + 100))
          .execute();
        await tx
          .insertInto('subscription_items')
          .values(items.slice(i, i + 100))
          .execute();
      }
    });
  }
}

/** The billing engine on `database`: the real job runner and platform, the stub adapter registered. */
export async function openBillingEngine(database: Database) {
  await migrateToLatest(database, [jobsMigrations, platformMigrations, paymentsMigrations]);
  const clock = new TestClock();
  const jobs = new JobRunner(database, { pollMs: 10, concurrency: 4, now: () => clock.nowMs() });
  const platform = createPlatform({ database, jobs, clock });
  const deps: Deps = { ...createDeps(platform, 'http://bench.local'), methods: new MethodRegistry() };
  deps.methods.register(stubAdapter);
  await defineBillingJobs(deps);
  return { deps, jobs, clock, seed: (count: number) => seed(deps, database, count, clock.nowUnix()) };
}

/** Seeds `count` subscriptions due now in a fresh SQLite file under `dataDir` and runs their billing. */
export async function measureBillingRun(dataDir: string, count: number): Promise<BillingRunFigures> {
  const database = openDatabase({ databaseUrl: undefined, dataDir });
  const { deps, jobs, seed } = await openBillingEngine(database);
  try {
    await seed(count);
    const started = performance.now();
    await billDueSubscriptions(deps);
    const invoiced = performance.now();
    jobs.start();
    for (;;) {
      const left = await deps.db
        .selectFrom('jobs' as never)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name' as never, '=', COLLECT_JOB as never)
        .where('status' as never, 'in', ['queued', 'running'] as never)
        .executeTakeFirstOrThrow();
      if (Number((left as { count: number }).count) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await jobs.idle();
    const collected = performance.now();
    const paid = await deps.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    return {
      subscriptions: count,
      invoicingMs: Math.round(invoiced - started),
      collectingMs: Math.round(collected - invoiced),
      totalMs: Math.round(collected - started),
      paidInvoices: Number(paid.count),
      rawInvoiceInsertMs: await insertInvoicesRaw(deps, count),
    };
  } finally {
    await jobs.stop();
    await database.close();
  }
}
