import type { KioskMigration } from '@kiosk/db';

export const createReadVersions: KioskMigration = {
  async up(db) {
    await db.schema
      .createTable('read_versions')
      .addColumn('key', 'text', (c) => c.primaryKey().notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
  },
};
