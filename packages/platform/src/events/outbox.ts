import { newId } from '@kiosk/core';
import {
  afterCommit,
  bufferForCommit,
  outsideUnitOfWork,
  transaction,
  type AnyKysely,
  type Database,
  type JobRunner,
} from '@kiosk/db';
import type { Insertable, Kysely } from 'kysely';
import type { Broadcaster } from '../broadcast.ts';
import type { Clock } from '../clock.ts';
import type { ReadVersions } from '../read-versions.ts';
import type { PlatformTables } from '../tables.ts';
import type { EventCatalogue } from './catalogue.ts';

export type { EventCatalogue, EventType, SnapshotOf } from './catalogue.ts';

/**
 * The transactional outbox. Every state change records an event in the change's own transaction, so
 * an event exists exactly when its change does. Once committed, a dispatcher sends it on: a realtime
 * message to each of its topics (in every server process) and a delivery job to each subscriber of
 * its type (run at least once, retried; webhook endpoints will be subscribers too). Dispatch starts
 * at the commit; a sweep every few seconds catches what a crash between commit and dispatch left.
 */

export interface EventInput {
  type: string;
  livemode: boolean;
  objectType: string;
  objectId: string;
  /** The object after the change, as a webhook will send it. */
  data: unknown;
  /** Realtime topics told of it (`checkout:{id}` …). They hear the type and the object's id only. */
  topics?: string[];
}

/** An event as subscribers receive it. */
export interface KioskEvent<T = unknown> {
  id: string;
  type: string;
  livemode: boolean;
  object_type: string | null;
  object_id: string;
  data: T;
  created_at: number;
}

export type EventHandler<T = unknown> = (event: KioskEvent<T>) => Promise<void>;

type EventRow = Insertable<PlatformTables['events']>;

export const DISPATCH_JOB = 'platform.dispatch-events';
export const DELIVER_JOB = 'platform.deliver-event';
export const DISPATCH_SWEEP_MS = 5_000;
/**
 * Events dispatched per transaction. Each commit is a sync to disk, and a billing run records about
 * nine events a subscription: at 100 a batch, dispatch commits cost more than the run's own. A batch
 * of 1 000 holds the writer about 8 ms (measured in the billing bench).
 */
const BATCH = 1000;

interface Subscription {
  subscriber: string;
  handler: EventHandler;
}

export class EventOutbox {
  private readonly subscriptions = new Map<string, Subscription[]>();
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly database: Database,
    private readonly deps: {
      clock: Clock;
      jobs: JobRunner;
      broadcaster: Broadcaster;
      readVersions: ReadVersions;
      onError: (error: unknown) => void;
    },
  ) {
    deps.jobs.define(DISPATCH_JOB, async () => void (await this.dispatchPending()));
    deps.jobs.define<{ event_id: string; subscriber: string }>(DELIVER_JOB, (payload) =>
      this.deliver(payload),
    );
  }

  private get db(): Kysely<PlatformTables> {
    return this.database.db as Kysely<PlatformTables>;
  }

  /**
   * Writes the event in `executor`'s transaction and dispatches it once that commits. Inside a unit of
   * work the unit's events are written together just before it commits (a batch of many changes makes
   * one insert of its events, not one each); an event of a savepoint that rolls back goes with it.
   */
  async record(executor: AnyKysely, input: EventInput): Promise<string> {
    const row: EventRow = {
      id: newId('event'),
      livemode: input.livemode,
      type: input.type,
      object_type: input.objectType,
      object_id: input.objectId,
      data: JSON.stringify(input.data ?? null),
      topics: JSON.stringify(input.topics ?? []),
      created_at: this.deps.clock.nowUnix(),
      dispatched_at: null,
    };
    if (!bufferForCommit(this.database.db, this, row, (rows) => this.insert(rows)))
      await this.insert([row], executor);
    await this.deps.readVersions.touch(executor, input);
    afterCommit(() => this.wake());
    return row.id;
  }

  /** SQLite takes at most 32 766 parameters a statement: an event row has nine. */
  private async insert(rows: EventRow[], executor: AnyKysely = this.database.db): Promise<void> {
    for (let i = 0; i < rows.length; i += 1_000)
      await (executor as Kysely<PlatformTables>)
        .insertInto('events')
        .values(rows.slice(i, i + 1_000))
        .execute();
  }

  /**
   * Calls `handler` for each event of `type`, at least once each, from a job (so a failure retries
   * and a restart does not lose it). `subscriber` names the subscription; it must stay the same across
   * releases, as undelivered events are queued for it by name. `type` is a name of the modules'
   * catalogue (`C`, which a test may replace with one of its own), so a misspelt one does not compile.
   */
  subscribe<C extends object = EventCatalogue, K extends keyof C & string = keyof C & string>(
    subscriber: string,
    type: K,
    handler: EventHandler<C[K]>,
  ): void {
    const list = this.subscriptions.get(type) ?? [];
    if (list.some((s) => s.subscriber === subscriber))
      throw new Error(`${subscriber} subscribes to ${type} twice`);
    list.push({ subscriber, handler: handler as EventHandler });
    this.subscriptions.set(type, list);
  }

  /** The sweep that catches events a crash left undispatched. */
  async schedule(): Promise<void> {
    await this.deps.jobs.schedule(DISPATCH_JOB, DISPATCH_JOB, DISPATCH_SWEEP_MS);
  }

  /** Dispatches soon, outside the caller's unit of work; calls while one runs make it run again. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = outsideUnitOfWork(async () => {
      try {
        do {
          this.again = false;
          await this.dispatchPending();
        } while (this.again);
      } catch (error) {
        this.deps.onError(error);
      } finally {
        this.running = undefined;
      }
    });
  }

  /** Resolves when no dispatch is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Sends every undispatched event on, oldest first; answers how many. */
  async dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await transaction(this.db, async (trx) => {
        // Not the snapshots: a delivery reads its event again, and dispatch only routes.
        let due = trx
          .selectFrom('events')
          .select(['id', 'type', 'topics', 'object_id'])
          .where('dispatched_at', 'is', null)
          .orderBy('id')
          .limit(BATCH);
        // Several processes dispatch at once on PostgreSQL: each takes events no other holds.
        if (this.database.engine === 'postgres') due = due.forUpdate().skipLocked();
        const events = await due.execute();
        for (const event of events) {
          for (const topic of JSON.parse(event.topics) as string[])
            await this.deps.broadcaster.publish(trx, {
              topic,
              type: event.type,
              data: { id: event.object_id },
            });
          for (const { subscriber } of this.subscriptions.get(event.type) ?? [])
            await this.deps.jobs.enqueue(
              trx,
              DELIVER_JOB,
              { event_id: event.id, subscriber },
              { key: `${event.id}:${subscriber}` },
            );
        }
        if (events.length) {
          await trx
            .updateTable('events')
            .set({ dispatched_at: this.deps.clock.nowUnix() })
            .where(
              'id',
              'in',
              events.map((e) => e.id),
            )
            .execute();
          this.deps.jobs.wake();
        }
        return events.length;
      });
      total += sent;
      if (sent < BATCH) return total;
    }
  }

  private async deliver({ event_id, subscriber }: { event_id: string; subscriber: string }): Promise<void> {
    const row = await this.db.selectFrom('events').selectAll().where('id', '=', event_id).executeTakeFirst();
    if (!row) return;
    const subscription = this.subscriptions.get(row.type)?.find((s) => s.subscriber === subscriber);
    if (!subscription) return;
    await subscription.handler(toKioskEvent(row));
  }
}

export function toKioskEvent(row: PlatformTables['events']): KioskEvent {
  return {
    id: row.id,
    type: row.type,
    livemode: Boolean(row.livemode),
    object_type: row.object_type,
    object_id: row.object_id,
    data: JSON.parse(row.data) as unknown,
    created_at: Number(row.created_at),
  };
}

/** The events of one object, oldest first (for tests and an object's history). */
export async function eventsOf(database: Database, objectId: string): Promise<KioskEvent[]> {
  const rows = await (database.db as Kysely<PlatformTables>)
    .selectFrom('events')
    .selectAll()
    .where('object_id', '=', objectId)
    .orderBy('id')
    .execute();
  return rows.map(toKioskEvent);
}
