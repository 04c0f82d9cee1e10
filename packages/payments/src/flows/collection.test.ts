import { openDatabase, type Database } from '@kiosk/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@kiosk/db/testing';
import { eventsOf } from '@kiosk/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { openBillingEngine } from '../test-support/billing-run.ts';
import { collectInvoices } from './collection.ts';
import { billDueSubscriptions } from './renewal.ts';

/**
 * A collection batch records its pulls and settles them together (one statement per batch where it
 * can). Each pull is still decided on its own: a proof of payment already counted pays nothing, and
 * the batch's others pay their own invoice, once, even when the job runs again.
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
    // The stub's pull of the third invoice was counted before: this batch's pull of it is a replay.
    const replayed = invoices[2]!;
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
        expect(paid.status).toBe('open');
        expect(paid.amount_remaining).toBe(invoice.total);
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

    // The job runs again (a crash after the commit): the paid invoices are not pulled again.
    const again = await collectInvoices(deps, ids);
    expect(ids.filter((id) => again.get(id) === 'skipped')).toHaveLength(4);
    const succeeded = await deps.db
      .selectFrom('payment_intents')
      .select('invoice_id')
      .where('status', '=', 'succeeded')
      .execute();
    expect(succeeded.map((row) => row.invoice_id).sort()).toEqual(
      ids.filter((id) => id !== replayed.id).sort(),
    );
  });
});
