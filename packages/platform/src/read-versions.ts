import { beforeCommit, outsideUnitOfWork, unitState, type AnyKysely, type Database } from '@kiosk/db';
import { sql, type Kysely } from 'kysely';
import type { EventInput } from './events/outbox.ts';
import type { PlatformTables } from './tables.ts';

/** Keys per batched read: PostgreSQL takes at most 65535 parameters, SQLite 32766. */
const MAX_BATCH_KEYS = 1_000;

/** Reads that share one query: the keys they ask for, and the versions once read. */
class Batch {
  readonly keys = new Set<string>();
  resolve!: (versions: Map<string, number>) => void;
  reject!: (error: unknown) => void;
  readonly versions = new Promise<Map<string, number>>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

export type InvalidationRule = (event: EventInput) => readonly string[];

/**
 * Version numbers for read models: a module names what its cached answers depend on with keys
 * (`checkout:cs_…`, `catalog:live` …) and says which events change which keys. Recording an event
 * bumps its keys in the event's own transaction, so a cached answer is current exactly when the
 * versions of its keys, read from the database, are those it was built at — in every server process,
 * with one query, and with no message that could arrive late or not at all.
 */
export class ReadVersions {
  private readonly rules: InvalidationRule[] = [];
  /** Reads waiting for their query, oldest first; the last one still takes more keys. */
  private readonly batches: Batch[] = [];
  private collecting: Batch | undefined;
  private reading = false;

  constructor(private readonly database: Database) {}

  /** `rule` names the keys each recorded event changes (a module registers one for its events). */
  invalidatedBy(rule: InvalidationRule): void {
    this.rules.push(rule);
  }

  /** Bumps the keys `event` changes, when the running unit of work commits (at once outside one). */
  async touch(executor: AnyKysely, event: EventInput): Promise<void> {
    const keys = this.rules.flatMap((rule) => rule(event));
    if (keys.length === 0) return;
    const pending = unitState(this, () => {
      const set = new Set<string>();
      // The root handle: inside the unit it runs on the unit's connection, whatever savepoint
      // `executor` was.
      void beforeCommit(() => this.bump(this.db, set));
      return set;
    });
    if (pending) for (const key of keys) pending.add(key);
    else await this.bump(executor, new Set(keys));
  }

  /**
   * The committed versions of `keys`, in their order; a key never bumped is at 0. Reads that arrive
   * together share one query: each waits for the next query to start, never for one already under
   * way, so every caller sees what was committed before it asked — one query per turn of the event
   * loop however many pages poll, instead of one per poll. Not for use inside a unit of work: on
   * SQLite the read would wait for that unit's own end.
   */
  read(keys: readonly string[]): Promise<number[]> {
    let batch = this.collecting;
    if (!batch || batch.keys.size + keys.length > MAX_BATCH_KEYS) {
      batch = this.collecting = new Batch();
      this.batches.push(batch);
    }
    for (const key of keys) batch.keys.add(key);
    this.startNext();
    return batch.versions.then((byKey) => keys.map((key) => byKey.get(key) ?? 0));
  }

  /** Starts the oldest waiting batch at the next turn, unless one is being read. */
  private startNext(): void {
    if (this.reading || this.batches.length === 0) return;
    this.reading = true;
    // Outside any unit of work: other callers share this read, and must not see a transaction's
    // uncommitted writes.
    outsideUnitOfWork(() => setImmediate(() => void this.readBatch()));
  }

  private async readBatch(): Promise<void> {
    const batch = this.batches.shift()!;
    if (this.collecting === batch) this.collecting = undefined;
    try {
      const rows = await this.db
        .selectFrom('read_versions')
        .select(['key', 'version'])
        .where('key', 'in', [...batch.keys])
        .execute();
      batch.resolve(new Map(rows.map((row) => [row.key, Number(row.version)])));
    } catch (error) {
      batch.reject(error);
    } finally {
      this.reading = false;
      this.startNext();
    }
  }

  private get db(): Kysely<PlatformTables> {
    return this.database.db as Kysely<PlatformTables>;
  }

  /** One statement, keys in sorted order: two units bumping the same keys lock them in one order. */
  private async bump(executor: AnyKysely, keys: Set<string>): Promise<void> {
    if (keys.size === 0) return;
    await (executor as Kysely<PlatformTables>)
      .insertInto('read_versions')
      .values([...keys].sort().map((key) => ({ key, version: 1 })))
      .onConflict((oc) => oc.column('key').doUpdateSet({ version: sql`read_versions.version + 1` }))
      .execute();
  }
}
