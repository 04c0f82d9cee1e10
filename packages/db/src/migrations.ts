import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { AnyKysely, Database, Engine } from './database.ts';

/**
 * A migration written once for both engines; `engine` picks the few types that differ
 * (see `moneyColumnType`, `jsonColumnType`).
 */
export interface KioskMigration {
  up(db: AnyKysely, engine: Engine): Promise<void>;
  down?(db: AnyKysely, engine: Engine): Promise<void>;
}

/**
 * Each module contributes migrations named `YYYYMMDD_NN_module_what`, so the merged list has one
 * global order whichever modules are installed.
 */
export type MigrationSet = Record<string, KioskMigration>;

export interface MigrationProgress {
  name: string;
  index: number;
  total: number;
}

export interface MigrationOutcome {
  applied: string[];
}

class SetProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

export function mergeMigrationSets(sets: MigrationSet[]): MigrationSet {
  const merged: MigrationSet = {};
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (merged[name]) throw new Error(`two modules define the migration ${name}`);
      merged[name] = migration;
    }
  }
  return merged;
}

/** Brings the schema up to date. Safe to run from several processes: Kysely holds a lock table. */
export async function migrateToLatest(
  database: Database,
  sets: MigrationSet[],
  onProgress?: (progress: MigrationProgress) => void,
): Promise<MigrationOutcome> {
  const all = mergeMigrationSets(sets);
  const names = Object.keys(all).sort();
  const pending = new Set(await pendingMigrations(database, names));
  let done = 0;
  const adapted: Record<string, Migration> = {};
  for (const name of names) {
    const migration = all[name]!;
    adapted[name] = {
      up: async (db) => {
        onProgress?.({ name, index: ++done, total: pending.size });
        await migration.up(db, database.engine);
      },
      ...(migration.down ? { down: (db: AnyKysely) => migration.down!(db, database.engine) } : {}),
    };
  }
  const migrator = new Migrator({ db: database.db, provider: new SetProvider(adapted) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

async function pendingMigrations(database: Database, names: string[]): Promise<string[]> {
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return names;
  const rows = await database.db.selectFrom('kysely_migration').select('name').execute();
  const applied = new Set(rows.map((r: { name: string }) => r.name));
  return names.filter((name) => !applied.has(name));
}
