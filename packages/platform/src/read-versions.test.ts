import {
  jobsMigrations,
  JobRunner,
  migrateToLatest,
  openDatabase,
  transaction,
  type Database,
} from '@kiosk/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@kiosk/db/testing';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from './clock.ts';
import { createPlatform, type Platform } from './platform.ts';
import { platformMigrations, type PlatformTables } from './tables.ts';

describe.each(await testEngines())('read-model versions on %s', (engine) => {
  let test: TestDatabase | undefined;
  let database: Database;
  let platform: Platform;
  afterEach(async () => {
    await platform?.close();
    await database?.close();
    await test?.dispose();
  });

  async function open() {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [jobsMigrations, platformMigrations]);
    platform = createPlatform({ database, jobs: new JobRunner(database), clock: new TestClock() });
    // A thing's answer depends on the thing and on its shelf.
    platform.readVersions.invalidatedBy((event) =>
      event.objectType === 'thing'
        ? [`thing:${event.objectId}`, `shelf:${(event.data as { shelf: string }).shelf}`]
        : [],
    );
  }
  const record = (objectId: string, shelf: string, objectType = 'thing') =>
    platform.events.record(database.db, {
      type: `${objectType}.changed`,
      livemode: false,
      objectType,
      objectId,
      data: { shelf },
    });
  const versions = () => platform.readVersions.read(['thing:a', 'thing:b', 'shelf:1', 'shelf:2']);

  it('bumps the keys of each recorded event once per unit of work, and only when it commits', async () => {
    await open();
    expect(await versions()).toEqual([0, 0, 0, 0]);
    await record('a', '1');
    expect(await versions()).toEqual([1, 0, 1, 0]);

    await transaction(database.db, async () => {
      await record('a', '1');
      await record('b', '1');
      await record('other', '2', 'gadget');
      // Bumped at the commit, once, in one order: not yet, even as this unit sees its own writes.
      const inside = await (database.db as Kysely<PlatformTables>)
        .selectFrom('read_versions')
        .select('version')
        .where('key', '=', 'thing:a')
        .executeTakeFirst();
      expect(Number(inside?.version)).toBe(1);
    });
    expect(await versions()).toEqual([2, 1, 2, 0]);

    await transaction(database.db, async () => {
      await record('a', '2');
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect(await versions()).toEqual([2, 1, 2, 0]);
  });

  it('lets two units that touch the same keys in opposite orders both commit', async () => {
    await open();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    // Bumped as they came, these would lock thing:a then thing:b in one unit and the reverse in the
    // other: a deadlock on PostgreSQL.
    await Promise.all([
      transaction(database.db, async () => {
        await record('a', '1');
        await pause();
        await record('b', '1');
      }),
      transaction(database.db, async () => {
        await record('b', '2');
        await pause();
        await record('a', '2');
      }),
    ]);
    expect(await versions()).toEqual([2, 2, 1, 1]);
  });

  it('answers reads that arrive together from one query, each with its own keys', async () => {
    await open();
    await record('a', '1');
    await record('a', '2');
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        platform.readVersions.read(i % 2 ? ['thing:a', 'shelf:2'] : ['shelf:1', 'thing:b']),
      ),
    );
    for (const [i, versions] of reads.entries()) expect(versions).toEqual(i % 2 ? [2, 1] : [1, 0]);
  });

  it('never answers a read from a query that began before it was asked', async () => {
    await open();
    const before = platform.readVersions.read(['thing:a']);
    // The first query is under way (or done) when the change commits and the second read is asked.
    await new Promise((resolve) => setImmediate(resolve));
    await record('a', '1');
    expect(await platform.readVersions.read(['thing:a'])).toEqual([1]);
    expect((await before)[0]).toBeLessThanOrEqual(1);
  });
});
