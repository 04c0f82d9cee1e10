import type { Database, JobRunner } from '@kiosk/db';
import { InProcessBroadcaster, PostgresBroadcaster, type Broadcaster } from './broadcast.ts';
import { systemClock, type Clock } from './clock.ts';
import { EventOutbox } from './events/outbox.ts';
import { pruneIdempotencyKeys } from './idempotency.ts';
import { ReadVersions } from './read-versions.ts';
import {
  Resource,
  StatefulResource,
  type BaseRow,
  type ResourceDefinition,
  type StatefulDefinition,
  type StatefulRow,
} from './resource.ts';

/** What a server builds once and hands to every module. */
export interface Platform {
  database: Database;
  clock: Clock;
  jobs: JobRunner;
  events: EventOutbox;
  broadcaster: Broadcaster;
  readVersions: ReadVersions;
  /**
   * A resource of `Row` that records the events `E` (names of its module's catalogue, given where the
   * module builds its resources): recording any other name does not compile.
   */
  resource<Row extends BaseRow, E extends string>(definition: ResourceDefinition<Row, E>): Resource<Row, E>;
  stateful<Row extends StatefulRow<S>, S extends string, E extends string>(
    definition: StatefulDefinition<Row, S, E>,
  ): StatefulResource<Row, S, E>;
  /** Starts listening for other processes' realtime messages and schedules the platform's sweeps. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface PlatformOptions {
  database: Database;
  jobs: JobRunner;
  /** PostgreSQL's URL, for the connection that LISTENs; unset on SQLite. */
  databaseUrl?: string | undefined;
  clock?: Clock;
  onError?: (error: unknown) => void;
}

export const PRUNE_JOB = 'platform.prune';
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Finished jobs and idempotency keys are kept a day, then pruned. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export function createPlatform(options: PlatformOptions): Platform {
  const { database, jobs } = options;
  const clock = options.clock ?? systemClock;
  const onError = options.onError ?? (() => undefined);
  const broadcaster =
    database.engine === 'postgres' && options.databaseUrl
      ? new PostgresBroadcaster(options.databaseUrl, onError)
      : new InProcessBroadcaster();
  const readVersions = new ReadVersions(database);
  const events = new EventOutbox(database, { clock, jobs, broadcaster, readVersions, onError });
  jobs.define(PRUNE_JOB, async () => {
    await jobs.pruneFinished(clock.nowMs() - KEEP_MS);
    await pruneIdempotencyKeys(database, clock);
  });

  return {
    database,
    clock,
    jobs,
    events,
    broadcaster,
    readVersions,
    resource: (definition) => new Resource(definition, events, clock),
    stateful: (definition) => new StatefulResource(definition, events, clock),
    async start() {
      if (broadcaster instanceof PostgresBroadcaster) await broadcaster.listen();
      await events.schedule();
      await jobs.schedule(PRUNE_JOB, PRUNE_JOB, PRUNE_EVERY_MS);
    },
    async close() {
      await events.idle();
      await broadcaster.close();
    },
  };
}
