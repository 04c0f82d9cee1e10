import { jobsMigrations, migrateToLatest, openDatabase } from '@kiosk/db';
import { createTestDatabase, type TestDatabase } from '@kiosk/db/testing';
import { platformMigrations } from '@kiosk/platform';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpaidInvoicesOf } from './settle-charge.ts';
import type { PaymentsDb } from '../db.ts';
import { paymentsMigrations } from '../tables.ts';

/**
 * The lookups every payment makes must stay index reads as the tables grow: one full scan per
 * settlement made the billing run grow with the square of its size. SQLite's plans are fixed by the
 * schema; PostgreSQL's depend on table statistics, so they are not pinned here.
 */
describe('query plans on sqlite', () => {
  let test: TestDatabase;
  let database: ReturnType<typeof openDatabase>;
  beforeAll(async () => {
    test = await createTestDatabase('sqlite');
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [jobsMigrations, platformMigrations, paymentsMigrations]);
  });
  afterAll(async () => {
    await database?.close();
    await test?.dispose();
  });

  /** SQLite's plan of a query, one step a line. */
  async function planOf(query: { compile(): CompiledQuery }): Promise<string[]> {
    const compiled = query.compile();
    const plan = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail);
  }

  it('finds the invoices a payment settles through indexes, never a scan of all invoices', async () => {
    const db = database.db as unknown as PaymentsDb;
    for (const intents of [
      [{ id: 'pi_1', invoice_id: 'in_1' }],
      [{ id: 'pi_1', invoice_id: null }],
      [
        { id: 'pi_1', invoice_id: 'in_1' },
        { id: 'pi_2', invoice_id: 'in_2' },
        { id: 'pi_3', invoice_id: null },
      ],
    ]) {
      const plan = await planOf(unpaidInvoicesOf(db, intents));
      expect(plan.join('\n')).toMatch(
        /invoices.*(USING INDEX invoices_payment_intent|USING INTEGER|PRIMARY KEY)/,
      );
      expect(plan.some((step) => /^SCAN invoices\b/.test(step))).toBe(false);
    }
  });
});
