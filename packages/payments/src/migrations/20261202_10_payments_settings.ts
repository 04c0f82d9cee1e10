import type { KioskMigration } from '@kiosk/db';
import { common, json, notNull } from './column-builders.ts';

/**
 * Settings of a place in a host application (settings/table.ts): one per mode, type and mount
 * location, which the unique index keeps when two first calls come at once.
 */
export const createSettings: KioskMigration = {
  async up(db) {
    await common(db.schema.createTable('settings'))
      .addColumn('type', 'text', notNull)
      .addColumn('mount_location', 'text', notNull)
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('component_did', 'text')
      .addColumn('active', 'boolean', notNull)
      .addColumn('settings', 'text', json)
      .execute();
    await db.schema
      .createIndex('settings_mount_location')
      .on('settings')
      .columns(['livemode', 'type', 'mount_location'])
      .unique()
      .execute();
  },
};
