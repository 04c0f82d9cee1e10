import { openDatabase, transaction, type Database } from '@kiosk/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@kiosk/db/testing';
import { eventsOf } from '@kiosk/platform';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import { markInvoiceUncollectible, payInvoice } from '../invoices/service.ts';
import type { PaymentMethodAdapter } from '../methods/adapter.ts';
import { openBillingEngine } from '../test-support/billing-run.ts';
import { COLLECT_JOB } from './collection-queue.ts';
import { collectInvoices } from './collection.ts';
import { billDueSubscriptions } from './renewal.ts';

/** `deps` whose rail runs `meanwhile(invoiceId)` after each pull answered "received", before its record. */
function collectingWith(deps: Deps, meanwhile: (invoiceId: string) => Promise<void>): Deps {
  const read = deps.methods.read.bind(deps.methods);
  const methods = Object.assign(Object.create(deps.methods) as Deps['methods'], {
    read: (row: Parameters<Deps['methods']['read']>[0]) => {
      const { adapter, method } = read(row);
      const collect: PaymentMethodAdapter['collect'] = async (...args) => {
        const verdict = await adapter.collect!(...args);
        if (verdict.outcome === 'received') await meanwhile(args[3].invoiceId);
        return verdict;
      };
      return { adapter: Object.assign(Object.create(adapter) as PaymentMethodAdapter, { collect }), method };
    },
  });
  return { ...deps, methods };
}

/**
 * A collection batch records its pulls and settles them together (one statement per batch where it
 * can). Each pull is still decided on its own: a proof of payment already counted pays nothing (and
 * as every later try would find the same pull, its invoice is given up: uncollectible, the
 * subscription past due), and the batch's others pay their own invoice, once, even when the job runs
 * again.
 */
describe.each(await testEngines())('a collection batch on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;

  afterEach(async () => {
    await database.close();
    await test.dispose();
  });

  it('pays each invoice by its own intent; a replayed pull pays nothing and a second run pays nothing twice', async () => {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const { deps, clock, seed } = await openBillingEngine(database);
    await seed(5);
    expect(await billDueSubscriptions(deps)).toBe(5);
    const invoices = await deps.db.selectFrom('invoices').selectAll().orderBy('id').execute();
    expect(invoices.map((invoice) => invoice.status)).toEqual(Array(5).fill('open'));
    // The stub's pull of the third invoice was counted before, for a payment that succeeded: this
    // batch's pull of it is a replay (the earlier charge's row is the point).
    const replayed = invoices[2]!;
    await deps.db
      .insertInto('charges')
      .values({
        id: 'ch_earlier',
        livemode: false,
        status: 'succeeded',
        payment_intent_id: 'pi_earlier',
        payment_method_id: 'pm_earlier',
        currency_id: replayed.currency_id,
        amount_due: replayed.total,
        network: 'bench:1',
        reference: replayed.id,
        round: 1,
        checks: 0,
        check_until: clock.nowUnix(),
        amount: replayed.total,
        payer: null,
        details: '{}',
        amount_refundable: '0',
        refund_reason: null,
        amount_refunded: '0',
        failure_code: null,
        last_check_error: null,
        created_at: clock.nowUnix(),
        updated_at: clock.nowUnix(),
      })
      .execute();
    await deps.db
      .insertInto('payment_references')
      .values({
        network: 'bench:1',
        reference: replayed.id,
        charge_id: 'ch_earlier',
        created_at: clock.nowUnix(),
      })
      .execute();

    const ids = invoices.map((invoice) => invoice.id);
    const outcomes = await collectInvoices(deps, ids);
    expect([...outcomes.values()]).toEqual(Array(5).fill('received'));

    const after = new Map(
      (await deps.db.selectFrom('invoices').selectAll().execute()).map((invoice) => [invoice.id, invoice]),
    );
    const intents = await deps.db.selectFrom('payment_intents').selectAll().execute();
    const charges = await deps.db.selectFrom('charges').selectAll().execute();
    for (const invoice of invoices) {
      const paid = after.get(invoice.id)!;
      const intent = intents.find((row) => row.invoice_id === invoice.id)!;
      const charge = charges.find((row) => row.payment_intent_id === intent.id)!;
      if (invoice.id === replayed.id) {
        expect(paid).toMatchObject({ status: 'uncollectible', next_payment_attempt: null });
        expect(JSON.parse(paid.last_payment_error)).toEqual({ code: 'TX_ALREADY_USED' });
        expect(paid.amount_remaining).toBe(invoice.total);
        const subscription = await deps.db
          .selectFrom('subscriptions')
          .select('status')
          .where('id', '=', invoice.subscription_id!)
          .executeTakeFirstOrThrow();
        expect(subscription.status).toBe('past_due');
        expect(charge).toMatchObject({ status: 'failed', failure_code: 'TX_ALREADY_USED' });
        expect(intent.status).toBe('requires_action');
        continue;
      }
      expect(paid).toMatchObject({ status: 'paid', payment_intent_id: intent.id, amount_remaining: '0' });
      expect(paid.amount_paid).toBe(invoice.total);
      expect(intent).toMatchObject({ status: 'succeeded', amount_received: invoice.total });
      expect(charge).toMatchObject({ status: 'succeeded', amount: invoice.total, amount_refundable: '0' });
      const types = (await eventsOf(database, invoice.id)).map((event) => event.type);
      expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(1);
    }

    // The job runs again (a crash after the commit): the paid invoices are not pulled again, nor the
    // one given up.
    const again = await collectInvoices(deps, ids);
    expect(ids.filter((id) => again.get(id) === 'skipped')).toHaveLength(5);
    const succeeded = await deps.db
      .selectFrom('payment_intents')
      .select('invoice_id')
      .where('status', '=', 'succeeded')
      .execute();
    expect(succeeded.map((row) => row.invoice_id).sort()).toEqual(
      ids.filter((id) => id !== replayed.id).sort(),
    );
  });

  it('an invoice whose next attempt passed while its job was lost is collected by the sweep', async () => {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const { deps, jobs, clock, seed } = await openBillingEngine(database);
    await seed(3);
    expect(await billDueSubscriptions(deps)).toBe(3);
    // Its collection job is gone before it ran (lost to a key collision, out of attempts after a
    // crash): the job row is the point here.
    const lost = await deps.db
      .updateTable('jobs' as never)
      .set({ status: 'failed' } as never)
      .where('name' as never, '=', COLLECT_JOB as never)
      .executeTakeFirst();
    expect(Number(lost.numUpdatedRows)).toBe(1);
    const open = () =>
      deps.db.selectFrom('invoices').select(['id', 'status']).where('status', '=', 'open').execute();
    expect(await open()).toHaveLength(3);
    jobs.start();
    try {
      // An hour on, every sweep has run: the invoices were due again and collected, each once.
      for (let minute = 0; minute < 60; minute++) {
        clock.advance({ seconds: 60 });
        await jobs.tick();
        await jobs.idle();
      }
      expect(await open()).toEqual([]);
      const paid = await deps.db.selectFrom('invoices').select('status').execute();
      expect(paid.map((invoice) => invoice.status)).toEqual(Array(3).fill('paid'));
      const intents = await deps.db.selectFrom('payment_intents').select('invoice_id').execute();
      expect(intents).toHaveLength(3);
    } finally {
      await jobs.stop();
    }
  });

  it('a pull for an invoice paid another way meanwhile is refundable; one marked uncollectible meanwhile is paid by it', async () => {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const { deps, seed } = await openBillingEngine(database);
    await seed(2);
    expect(await billDueSubscriptions(deps)).toBe(2);
    const [paidElsewhere, givenUp] = await deps.db.selectFrom('invoices').selectAll().orderBy('id').execute();
    // Between the pull and its record: the customer's own payment pays the first (the intent that
    // paid it is the point, not how), the merchant stops collecting the second.
    const meanwhile = collectingWith(deps, (invoiceId) =>
      transaction(deps.db, async (trx) => {
        if (invoiceId === paidElsewhere!.id) await payInvoice(deps, trx, paidElsewhere!, 'pi_elsewhere');
        else await markInvoiceUncollectible(deps, trx, invoiceId);
      }),
    );
    const ids = [paidElsewhere!.id, givenUp!.id];
    expect([...(await collectInvoices(meanwhile, ids)).values()]).toEqual(['received', 'received']);

    const recorded = async (invoiceId: string) => {
      const intents = await deps.db
        .selectFrom('payment_intents')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .execute();
      const charges = await deps.db
        .selectFrom('charges')
        .selectAll()
        .where(
          'payment_intent_id',
          'in',
          intents.map((intent) => intent.id),
        )
        .execute();
      const invoice = await deps.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      return { intents, charges, invoice };
    };
    const first = await recorded(paidElsewhere!.id);
    expect(first.invoice).toMatchObject({ status: 'paid', payment_intent_id: 'pi_elsewhere' });
    expect(first.intents).toMatchObject([{ status: 'canceled', amount: paidElsewhere!.total }]);
    expect(first.charges).toMatchObject([
      {
        status: 'succeeded',
        amount: paidElsewhere!.total,
        amount_refundable: paidElsewhere!.total,
        refund_reason: 'already_paid',
      },
    ]);
    const paidEvents = (await eventsOf(database, paidElsewhere!.id)).filter(
      (event) => event.type === 'invoice.paid',
    );
    expect(paidEvents).toHaveLength(1);

    const second = await recorded(givenUp!.id);
    expect(second.invoice).toMatchObject({ status: 'paid', payment_intent_id: second.intents[0]!.id });
    expect(second.intents).toMatchObject([{ status: 'succeeded', amount_received: givenUp!.total }]);
    expect(second.charges).toMatchObject([{ status: 'succeeded', amount_refundable: '0' }]);

    // Collection runs again: both are closed, nothing is pulled or recorded twice.
    expect([...(await collectInvoices(deps, ids)).values()]).toEqual(['skipped', 'skipped']);
    expect(await deps.db.selectFrom('charges').select('id').execute()).toHaveLength(2);
  });

  it('two collections of one invoice asked at once record its pull once', async () => {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const { deps, seed } = await openBillingEngine(database);
    await seed(1);
    expect(await billDueSubscriptions(deps)).toBe(1);
    const [invoice] = await deps.db.selectFrom('invoices').selectAll().execute();
    // Both ask the rail while the invoice is open (the stub finds the same pull: its reference is the
    // invoice's id); each records only once the other has asked too.
    let asked = 0;
    let bothAsked: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothAsked = resolve));
    const atOnce = collectingWith(deps, async () => {
      if (++asked === 2) bothAsked();
      await together;
    });
    const outcomes = await Promise.all([
      collectInvoices(atOnce, [invoice!.id]),
      collectInvoices(atOnce, [invoice!.id]),
    ]);
    expect(outcomes.map((outcome) => outcome.get(invoice!.id))).toEqual(['received', 'received']);
    const intents = await deps.db.selectFrom('payment_intents').selectAll().execute();
    expect(intents).toMatchObject([{ status: 'succeeded', invoice_id: invoice!.id }]);
    const charges = await deps.db.selectFrom('charges').selectAll().execute();
    expect(charges).toMatchObject([{ status: 'succeeded', amount: invoice!.total, amount_refundable: '0' }]);
    const paid = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoice!.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'paid', payment_intent_id: intents[0]!.id });
  });
});
