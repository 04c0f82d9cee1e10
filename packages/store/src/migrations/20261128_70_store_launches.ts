import type { KioskMigration } from '@kiosk/db';
import { notNull } from './column-builders.ts';

/** Issue 24 items 4 and 6: one row per launch of a web app, which the analytics count per day. */
export const createLaunches: KioskMigration = {
  async up(db) {
    await db.schema
      .createTable('store_launches')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('app_did', 'text', notNull)
      .addColumn('version', 'text', notNull)
      .addColumn('user_did', 'text', notNull)
      .addColumn('at', 'bigint', notNull)
      .execute();
    await db.schema
      .createIndex('store_launches_app')
      .on('store_launches')
      .columns(['app_did', 'at'])
      .execute();
  },
};
