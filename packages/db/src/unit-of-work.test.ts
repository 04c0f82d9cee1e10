import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { migrateToLatest, type MigrationSet } from './migrations.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';
import { askFirst, assertOutsideTransaction, OutsideIoInTransactionError } from './ask-first.ts';
import {
  afterCommit,
  beforeCommit,
  outsideUnitOfWork,
  transaction,
  unitOfWork,
  unitState,
} from './unit-of-work.ts';

interface Tables {
  notes: { id: number; text: string };
}

const notes: MigrationSet = {
  '20261123_90_test_notes': {
    async up(db) {
      await db.schema
        .createTable('notes')
        .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

describe.each(await testEngines())('units of work on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;
  let db: Kysely<Tables>;
  afterEach(async () => {
    await database?.close();
    await test?.dispose();
  });

  async function open() {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [notes]);
    db = database.db as Kysely<Tables>;
  }
  const texts = async () =>
    (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((r) => r.text);
  const add = (executor: Kysely<Tables>, id: number, text: string) =>
    executor.insertInto('notes').values({ id, text }).execute();

  it('commits everything written inside it, through the root handle too', async () => {
    await open();
    await transaction(db, async (trx) => {
      await add(trx, 1, 'through the transaction');
      // Code that never saw the transaction joins it: it reads the uncommitted row and writes beside it.
      expect(await texts()).toEqual(['through the transaction']);
      await add(db, 2, 'through the root handle');
    });
    expect(await texts()).toEqual(['through the transaction', 'through the root handle']);
  });

  it('runs queries started together inside it one at a time, in the order they were asked', async () => {
    await open();
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warned);
    try {
      const seen = await transaction(database.db, async () => {
        await add(db, 1, 'first');
        return Promise.all([texts(), add(db, 2, 'second').then(texts), texts()]);
      });
      expect(seen).toEqual([['first'], ['first', 'second'], ['first', 'second']]);
      // node-postgres warns of (and pg 9 refuses) a query sent while its connection runs another.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', warned);
    }
  });

  it('rolls back everything when the unit fails, inner transactions included', async () => {
    await open();
    await expect(
      transaction(db, async () => {
        await transaction(db, (inner) => add(inner, 1, 'inner, committed to its savepoint'));
        await add(db, 2, 'outer');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await texts()).toEqual([]);
  });

  it('undoes only the failed inner transaction, as a service alone would', async () => {
    await open();
    await transaction(db, async () => {
      await add(db, 1, 'before');
      await expect(
        transaction(db, async (inner) => {
          await add(inner, 2, 'rolled back');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      // Kysely's own nested transaction becomes a savepoint too.
      await db.transaction().execute((inner) => add(inner, 3, 'kept'));
    });
    expect(await texts()).toEqual(['before', 'kept']);
  });

  it('keeps its writes from others until it commits', async () => {
    await open();
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const unit = transaction(db, async () => {
      await add(db, 1, 'pending');
      await holding;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another request, outside the unit: PostgreSQL answers what is committed; SQLite's one
    // connection makes it wait for the commit. Neither sees a row that may still roll back.
    const outside = outsideUnitOfWork(() => texts());
    const seenBeforeCommit = await Promise.race([
      outside,
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 50)),
    ]);
    expect(seenBeforeCommit).toEqual(engine === 'postgres' ? [] : 'waiting');
    release();
    await unit;
    expect(await texts()).toEqual(['pending']);
  });

  it('runs after-commit callbacks once it commits, and never after a rollback', async () => {
    await open();
    const ran: string[] = [];
    await transaction(db, async () => {
      await add(db, 1, 'x');
      afterCommit(() => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    await transaction(db, async () => {
      afterCommit(() => ran.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    afterCommit(() => ran.push('outside a unit: at once'));
    expect(ran).toEqual(['committed', 'outside a unit: at once']);
  });

  it('runs before-commit writes inside the unit, once, after all its work; a failing one rolls it back', async () => {
    await open();
    const key = {};
    await transaction(db, async () => {
      for (const id of [1, 2]) {
        await add(db, id, `note ${id}`);
        const seen = unitState(key, () => {
          const ids: number[] = [];
          void beforeCommit(async () => void (await add(db, 10, `seen ${ids.join(' ')}`)));
          return ids;
        })!;
        seen.push(id);
      }
    });
    expect(await texts()).toEqual(['note 1', 'note 2', 'seen 1 2']);

    await transaction(db, async () => {
      await add(db, 3, 'note 3');
      await beforeCommit(async () => {
        throw new Error('no');
      });
    }).catch(() => undefined);
    expect(await texts()).toEqual(['note 1', 'note 2', 'seen 1 2']);
    expect(unitState(key, () => [])).toBeUndefined();
    await beforeCommit(async () => void (await add(db, 4, 'outside a unit: at once')));
    expect(await texts()).toContain('outside a unit: at once');
  });

  it('lets work it started run on its own once it has ended', async () => {
    await open();
    let later: Promise<string[]> | undefined;
    await transaction(db, async () => {
      await add(db, 1, 'x');
      // A timer set inside the unit fires after its commit: it gets a connection of its own.
      later = new Promise((resolve) => setTimeout(() => resolve(texts()), 30));
    });
    expect(await later).toEqual(['x']);
  });

  it("begins a request's unit at its first query: what it asks first holds no connection", async () => {
    await open();
    let release!: () => void;
    const remote = new Promise<void>((resolve) => (release = resolve));
    let asking!: () => void;
    const asked = new Promise<void>((resolve) => (asking = resolve));
    const began: string[] = [];
    const request = unitOfWork(
      db,
      async () => {
        const seen = await askFirst(async () => {
          const before = await texts();
          asking();
          await remote; // a slow chain, say
          return before;
        });
        await add(db, 2, `after asking, saw ${seen.length}`);
      },
      { onBegin: async () => void began.push((await texts()).join()) },
    );
    await asked;
    // Another request writes and commits while the first waits: nothing of the first holds the
    // connection (SQLite's only one) or a transaction.
    const other = transaction(db, (trx) => add(trx, 1, 'other'));
    const outcome = await Promise.race([
      other.then(() => 'committed'),
      new Promise((resolve) => setTimeout(() => resolve('blocked'), 2_000)),
    ]);
    expect(outcome).toBe('committed');
    expect(began).toEqual([]);
    release();
    await request;
    // onBegin ran once, inside the transaction, before the first write.
    expect(began).toEqual(['other']);
    expect(await texts()).toEqual(['other', 'after asking, saw 0']);
  });

  it('refuses writes and transactions inside askFirst, and askFirst once the transaction has begun', async () => {
    await open();
    await expect(askFirst(() => add(db, 1, 'written while asking'))).rejects.toThrow(/askFirst only reads/);
    await expect(askFirst(() => transaction(db, (trx) => add(trx, 1, 'x')))).rejects.toThrow(
      /inside askFirst/,
    );
    await expect(askFirst(() => db.selectFrom('notes').selectAll().forUpdate().execute())).rejects.toThrow(
      /askFirst only reads/,
    );
    await unitOfWork(db, async () => {
      await add(db, 1, 'begun');
      await expect(askFirst(async () => 'late')).rejects.toBeInstanceOf(OutsideIoInTransactionError);
    });
    expect(await texts()).toEqual(['begun']);
  });

  it('lets outside I/O start before a unit begins and refuses it once it has', async () => {
    await open();
    const callRemote = () => assertOutsideTransaction('the slow rail');
    expect(callRemote).not.toThrow();
    await unitOfWork(db, async () => {
      expect(callRemote).not.toThrow(); // nothing queried yet: no transaction
      await askFirst(async () => {
        await texts();
        callRemote();
      });
      await texts();
      expect(callRemote).toThrow(OutsideIoInTransactionError);
    });
    await transaction(db, async () => {
      await texts();
      expect(callRemote).toThrow(/inside a database transaction/);
    });
  });

  it('never begins a unit that makes no query', async () => {
    await open();
    let began = false;
    const answer = await unitOfWork(db, async () => 'nothing to write', {
      onBegin: async () => void (began = true),
    });
    expect(answer).toBe('nothing to write');
    expect(began).toBe(false);
  });
});
