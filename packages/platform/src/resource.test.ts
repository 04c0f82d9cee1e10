import { defineMachine } from '@kiosk/core';
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
import { eventsOf } from './events/outbox.ts';
import { createPlatform, type Platform } from './platform.ts';
import { IllegalTransitionError, type StatefulResource } from './resource.ts';
import { platformMigrations } from './tables.ts';

const doorMachine = defineMachine({
  resource: 'door',
  states: ['closed', 'open', 'locked'],
  initial: ['closed'],
  transitions: { closed: ['open', 'locked'], open: ['closed'], locked: ['closed'] },
});
type DoorStatus = (typeof doorMachine.states)[number];
/** The names a door records: any other does not compile. */
type DoorEvent = 'door.created' | 'door.opened' | 'door.locked' | 'door.noted' | 'door.removed';
interface DoorRow {
  id: string;
  livemode: number | boolean;
  status: DoorStatus;
  note: string;
  updated_at: number;
}

describe.each(await testEngines())('stateful resources on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;
  let platform: Platform;
  const clock = new TestClock(new Date('2026-11-23T10:00:00Z'));
  afterEach(async () => {
    await platform?.close();
    await database?.close();
    await test?.dispose();
  });

  async function open() {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    await migrateToLatest(database, [
      jobsMigrations,
      platformMigrations,
      {
        '20261123_90_test_doors': {
          async up(db) {
            await db.schema
              .createTable('doors')
              .addColumn('id', 'text', (c) => c.primaryKey())
              .addColumn('livemode', 'boolean', (c) => c.notNull())
              .addColumn('status', 'text', (c) => c.notNull())
              .addColumn('note', 'text', (c) => c.notNull())
              .addColumn('updated_at', 'bigint', (c) => c.notNull())
              .execute();
          },
        },
      },
    ]);
    platform = createPlatform({ database, jobs: new JobRunner(database), clock });
    return platform.stateful<DoorRow, DoorStatus, DoorEvent>({
      table: 'doors',
      objectType: 'door',
      machine: doorMachine,
      snapshot: (row) => ({ id: row.id, status: row.status, note: row.note }),
      topics: (row) => [`door:${row.id}`],
    });
  }
  const db = () => database.db as Kysely<{ doors: DoorRow }>;
  const door = (id = 'door_1', status: DoorStatus = 'closed'): DoorRow => ({
    id,
    livemode: false,
    status,
    note: 'new',
    updated_at: 0,
  });

  it('creates in an initial status only, with its event', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await expect(doors.insert(database.db, door('door_2', 'open'), 'door.created')).rejects.toThrow(
      IllegalTransitionError,
    );
    expect((await eventsOf(database, 'door_1')).map((e) => [e.type, e.data])).toEqual([
      ['door.created', { id: 'door_1', status: 'closed', note: 'new' }],
    ]);
    expect(await eventsOf(database, 'door_2')).toEqual([]);
  });

  it('moves a row only from the statuses named, writing fields and the event with it', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    const opened = await doors.transition(database.db, 'door_1', 'closed', 'open', {
      type: 'door.opened',
      set: { note: 'aired' },
    });
    expect(opened).toMatchObject({ status: 'open', note: 'aired', updated_at: clock.nowUnix() });
    // The row is open now: a move from closed changes nothing and records nothing.
    expect(
      await doors.transition(database.db, 'door_1', 'closed', 'locked', { type: 'door.locked' }),
    ).toBeUndefined();
    const events = await eventsOf(database, 'door_1');
    expect(events.map((e) => e.type)).toEqual(['door.created', 'door.opened']);
    expect(events[1]).toMatchObject({
      object_type: 'door',
      livemode: false,
      data: { status: 'open', note: 'aired' },
    });
  });

  it('refuses a move the machine does not allow, before touching the row', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await expect(
      doors.transition(database.db, 'door_1', 'open', 'locked', { type: 'door.locked' }),
    ).rejects.toThrow('door: open → locked is not an allowed transition');
    await expect(doors.update(database.db, 'door_1', { status: 'open' }, 'door.noted')).rejects.toThrow(
      /only by transition/,
    );
    expect((await db().selectFrom('doors').select('status').executeTakeFirstOrThrow()).status).toBe('closed');
  });

  it('keeps the change and its event together: a rolled-back change leaves no event', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await expect(
      transaction(database.db, async (trx) => {
        await doors.transition(trx, 'door_1', 'closed', 'open', { type: 'door.opened' });
        throw new Error('crash after the change');
      }),
    ).rejects.toThrow('crash');
    expect((await db().selectFrom('doors').select('status').executeTakeFirstOrThrow()).status).toBe('closed');
    expect((await eventsOf(database, 'door_1')).map((e) => e.type)).toEqual(['door.created']);
  });

  it('lets a unit of work go on past a write that failed: nothing of that write stays, the rest commits', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await transaction(database.db, async (trx) => {
      await doors.transition(trx, 'door_1', 'closed', 'open', { type: 'door.opened' });
      // The same id again: the insert fails, and the unit carries on without it.
      await expect(doors.insert(trx, door(), 'door.created')).rejects.toThrow();
      await doors.update(trx, 'door_1', { note: 'after' }, 'door.noted');
    });
    expect(await db().selectFrom('doors').select(['status', 'note']).execute()).toEqual([
      { status: 'open', note: 'after' },
    ]);
    expect((await eventsOf(database, 'door_1')).map((e) => e.type)).toEqual([
      'door.created',
      'door.opened',
      'door.noted',
    ]);
  });

  it('deletes a row and records its last snapshot with the event, in one step', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await doors.update(database.db, 'door_1', { note: 'worn' }, 'door.noted');
    const deleted = await doors.delete(database.db, 'door_1', 'door.removed');
    expect(deleted).toMatchObject({ id: 'door_1', status: 'closed', note: 'worn' });
    expect(await db().selectFrom('doors').selectAll().execute()).toEqual([]);
    const events = await eventsOf(database, 'door_1');
    expect(events.map((e) => e.type)).toEqual(['door.created', 'door.noted', 'door.removed']);
    expect(events[2]).toMatchObject({
      object_type: 'door',
      livemode: false,
      data: { id: 'door_1', status: 'closed', note: 'worn' },
    });
  });

  it('keeps a deleted row and records nothing when the delete rolls back, or when there is no row', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    await expect(
      transaction(database.db, async (trx) => {
        await doors.delete(trx, 'door_1', 'door.removed');
        throw new Error('crash after the delete');
      }),
    ).rejects.toThrow('crash');
    expect(await doors.delete(database.db, 'door_2', 'door.removed')).toBeUndefined();
    expect(await db().selectFrom('doors').select('id').execute()).toEqual([{ id: 'door_1' }]);
    expect((await eventsOf(database, 'door_1')).map((e) => e.type)).toEqual(['door.created']);
    expect(await eventsOf(database, 'door_2')).toEqual([]);
  });

  it('lets one of two racing writers win', async () => {
    const doors = await open();
    await doors.insert(database.db, door(), 'door.created');
    const results = await Promise.all([
      doors.transition(database.db, 'door_1', 'closed', 'open', { type: 'door.opened' }),
      doors.transition(database.db, 'door_1', 'closed', 'locked', { type: 'door.locked' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await eventsOf(database, 'door_1')).toHaveLength(2);
  });
});

/**
 * Never called: it compiles only while each misspelt name below is refused (tsc checks the tests
 * too), so a resource records only its own names and a subscriber hears only the catalogue's.
 */
function _refusesNamesOutsideTheCatalogue(
  doors: StatefulResource<DoorRow, DoorStatus, DoorEvent>,
  platform: Platform,
  database: Database,
) {
  // @ts-expect-error a misspelt name
  void doors.update(database.db, 'door_1', { note: 'x' }, 'door.notd');
  // @ts-expect-error a name the door does not record
  void doors.transition(database.db, 'door_1', 'closed', 'open', { type: 'door.open' });
  // @ts-expect-error a name the door does not record
  void doors.delete(database.db, 'door_1', 'door.deleted');
  // @ts-expect-error no module's catalogue has it
  platform.events.subscribe('test', 'door.opened', async () => undefined);
}
