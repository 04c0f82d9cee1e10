import {
  jobsMigrations,
  JobRunner,
  migrateToLatest,
  openDatabase,
  transaction,
  type Database,
} from '@kiosk/db';
import { createTestDatabase, postgresReachable, testEngines, type TestDatabase } from '@kiosk/db/testing';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeMessage } from '../broadcast.ts';
import { TestClock } from '../clock.ts';
import { createPlatform, type Platform } from '../platform.ts';
import { platformMigrations, type PlatformTables } from '../tables.ts';
import type { KioskEvent } from './outbox.ts';

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(await testEngines())('the event outbox on %s', (engine) => {
  let test: TestDatabase | undefined;
  const opened: { database: Database; platform: Platform; jobs: JobRunner }[] = [];
  afterEach(async () => {
    for (const { database, platform, jobs } of opened.splice(0)) {
      await jobs.stop(100);
      await platform.close();
      await database.close();
    }
    await test?.dispose();
    test = undefined;
  });

  /** A server process's platform on the test database (call twice for two processes). */
  async function process() {
    test ??= await createTestDatabase(engine);
    const database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [jobsMigrations, platformMigrations]);
    const jobs = new JobRunner(database, { pollMs: 10 });
    const platform = createPlatform({
      database,
      jobs,
      databaseUrl: test.databaseUrl,
      clock: new TestClock(),
    });
    const heard: RealtimeMessage[] = [];
    platform.broadcaster.onMessage((message) => heard.push(message));
    opened.push({ database, platform, jobs });
    return { database, platform, jobs, heard };
  }
  const record = (platform: Platform, database: Database, objectId: string) =>
    platform.events.record(database.db, {
      type: 'thing.changed',
      livemode: false,
      objectType: 'thing',
      objectId,
      data: { id: objectId, secret: 'never on the socket' },
      topics: [`thing:${objectId}`],
    });

  it('tells the topics once the change commits, with the type and the id only', async () => {
    const { database, platform, heard } = await process();
    await platform.start();
    await transaction(database.db, async () => {
      await record(platform, database, 'thing_1');
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(heard).toEqual([]);
    });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ topic: 'thing:thing_1', type: 'thing.changed', data: { id: 'thing_1' } }]);
  });

  it('sends nothing for a change that rolled back', async () => {
    const { database, platform, heard } = await process();
    await platform.start();
    await transaction(database.db, async () => {
      await record(platform, database, 'thing_1');
      throw new Error('rolled back');
    }).catch(() => undefined);
    await record(platform, database, 'thing_2');
    await until(() => heard.length === 1);
    await platform.events.idle();
    expect(heard.map((m) => m.topic)).toEqual(['thing:thing_2']);
  });

  it("writes a unit's events together at its commit, without those of a savepoint that rolled back", async () => {
    const { database, platform } = await process();
    const stored = () =>
      (database.db as unknown as Kysely<PlatformTables>)
        .selectFrom('events')
        .select('object_id')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((row) => row.object_id));
    await transaction(database.db, async (trx) => {
      await record(platform, database, 'kept_1');
      // A savepoint that commits: its event stays, even when a later sibling rolls back.
      await transaction(trx, async () => record(platform, database, 'kept_2'));
      await transaction(trx, async () => {
        await record(platform, database, 'dropped_1');
        // Nested: rolled back with the savepoint around it.
        await transaction(trx, async () => record(platform, database, 'dropped_2'));
        throw new Error('this part fails');
      }).catch(() => undefined);
      await record(platform, database, 'kept_3');
    });
    expect(await stored()).toEqual(['kept_1', 'kept_2', 'kept_3']);
  });

  it('delivers each event to each subscriber from a job, again after a failure', async () => {
    const { database, platform, jobs } = await process();
    const seen: KioskEvent[] = [];
    let failures = 1;
    // 'thing.changed' is no module's event: the test names its own catalogue.
    platform.events.subscribe<{ 'thing.changed': unknown }>('test-module', 'thing.changed', async (event) => {
      if (failures-- > 0) throw new Error('subscriber down for a moment');
      seen.push(event);
    });
    jobs.start();
    await platform.start();
    const id = await record(platform, database, 'thing_1');
    await until(() => seen.length === 1);
    expect(seen[0]).toMatchObject({
      id,
      type: 'thing.changed',
      object_id: 'thing_1',
      data: { secret: 'never on the socket' },
    });
  });

  it('dispatches an event a crash left undispatched, at the next sweep', async () => {
    const { database, platform, heard } = await process();
    await platform.start();
    // As if the process died between commit and dispatch: the row is there, nobody was told.
    await (database.db as Kysely<PlatformTables>)
      .insertInto('events')
      .values({
        id: 'evt_left0behind01',
        livemode: false,
        type: 'thing.changed',
        object_type: 'thing',
        object_id: 'thing_9',
        data: '{}',
        topics: '["thing:thing_9"]',
        created_at: 0,
        dispatched_at: null,
      })
      .execute();
    expect(await platform.events.dispatchPending()).toBe(1);
    await until(() => heard.length === 1);
    expect(await platform.events.dispatchPending()).toBe(0);
  });

  it.runIf(engine === 'postgres')(
    'reaches the listeners of another process on the same database',
    async () => {
      expect(await postgresReachable()).toBe(true);
      const a = await process();
      const b = await process();
      await a.platform.start();
      await b.platform.start();
      await record(b.platform, b.database, 'thing_1');
      await until(() => a.heard.length === 1 && b.heard.length === 1);
      expect(a.heard[0]).toEqual({ topic: 'thing:thing_1', type: 'thing.changed', data: { id: 'thing_1' } });
    },
  );
});
