import { beforeCommit, unitState, type AnyKysely, type Database } from '@kiosk/db';
import { sql, type Kysely } from 'kysely';
import type { EventInput } from './events/outbox.ts';
import type { PlatformTables } from './tables.ts';

/**
 * Version numbers for read models: a module names what its cached answers depend on with keys
 * (`checkout:cs_…`, `catalog:live` …) and says which events change which keys. Recording an event
 * bumps its keys in the event's own transaction, so a cached answer is current exactly when the
 * versions of its keys, read from the database, are those it was built at — in every server process,
 * with one query, and with no message that could arrive late or not at all.
 */
export type InvalidationRule = (event: EventInput) => readonly string[];

export class ReadVersions {
  private readonly rules: InvalidationRule[] = [];

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

  /** The versions of `keys`, in their order; a key never bumped is at 0. */
  async read(keys: readonly string[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('read_versions')
      .select(['key', 'version'])
      .where('key', 'in', keys)
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, Number(row.version)]));
    return keys.map((key) => byKey.get(key) ?? 0);
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
