import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.ts';
import { transaction } from './unit-of-work.ts';
import { jobsMigrations } from './jobs-schema.ts';
import { migrateToLatest, type MigrationSet } from './migrations.ts';
import { moneyColumnType, moneyOrder, moneySortKey, sumMoney } from './money.ts';
import { dbBoolean, dbMoney } from './columns.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';

const ledger: MigrationSet = {
  '20261122_90_test_ledger': {
    async up(db, engine) {
      await db.schema
        .createTable('ledger')
        .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
        .addColumn('amount', moneyColumnType(engine), (c) => c.notNull())
        .addColumn('settled', 'boolean', (c) => c.notNull())
        .execute();
    },
  },
};

describe.each(await testEngines())('database on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await test?.dispose();
  });

  async function open(sets: MigrationSet[] = [jobsMigrations, ledger]) {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    return migrateToLatest(database, sets);
  }

  it('answers a repeated query after the schema changed under it, with the new columns', async () => {
    await open();
    const rows = () => sql<Record<string, unknown>>`select * from ledger`.execute(database.db);
    await sql`insert into ledger (id, amount, settled) values (1, ${'5'}, ${false})`.execute(database.db);
    expect(Object.keys((await rows()).rows[0]!)).toEqual(['id', 'amount', 'settled']);
    await sql`alter table ledger add column note text`.execute(database.db);
    expect(Object.keys((await rows()).rows[0]!)).toEqual(['id', 'amount', 'settled', 'note']);
  });

  it('applies each migration once and reports progress', async () => {
    const seen: string[] = [];
    const first = await open();
    expect(first.applied).toEqual(['20261122_01_db_jobs', '20261122_90_test_ledger']);
    const second = await migrateToLatest(database, [jobsMigrations, ledger], (p) => seen.push(p.name));
    expect(second.applied).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('gives the same tables and columns on both engines', async () => {
    await open();
    const tables = await database.db.introspection.getTables();
    const shape = Object.fromEntries(
      tables.map((t) => [t.name, t.columns.map((c) => `${c.name}${c.isNullable ? '?' : ''}`).sort()]),
    );
    expect(shape).toMatchObject({
      jobs: expect.arrayContaining(['id', 'name', 'key?', 'run_at', 'locked_until?']),
      job_schedules: expect.arrayContaining(['name', 'every_ms', 'next_run_at']),
      ledger: ['amount', 'id', 'settled'],
    });
  });

  it('sums and sorts 78-digit amounts exactly, negatives included', async () => {
    await open();
    const max = (2n ** 256n - 1n).toString();
    const amounts = [max, '-5', '10', '9', '0', '-100', '123456789012345678901234567890'];
    await database.db
      .insertInto('ledger')
      .values(amounts.map((amount, id) => ({ id, amount, settled: id % 2 === 0 })))
      .execute();

    const rows = await database.db
      .selectFrom('ledger')
      .select(['amount', 'settled'])
      .orderBy(moneyOrder(engine, 'amount'))
      .execute();
    expect(rows.map((r) => dbMoney.parse(r.amount))).toEqual(
      amounts.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(rows.every((r) => typeof dbBoolean.parse(r.settled) === 'boolean')).toBe(true);

    const { total } = await database.db
      .selectFrom('ledger')
      .select(sumMoney(engine, 'amount').as('total'))
      .executeTakeFirstOrThrow();
    expect(BigInt(total)).toBe(amounts.reduce((sum, a) => sum + BigInt(a), 0n));
  });

  it('rolls back every write of a failed transaction', async () => {
    await open();
    await expect(
      transaction(database.db, async (trx) => {
        await trx.insertInto('ledger').values({ id: 1, amount: '5', settled: true }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { n } = await database.db
      .selectFrom('ledger')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });
});

describe('moneySortKey', () => {
  it('orders keys as the numbers they stand for', () => {
    const values = ['-1000', '-999', '-1', '0', '1', '999', '1000'];
    const keys = values.map(moneySortKey);
    expect([...keys].sort()).toEqual(keys);
  });
});
