import type { KioskMigration } from '@kiosk/db';

/**
 * Whether a version's bundle holds the page a launch opens, decided when it is uploaded: the app page
 * offers Launch only for one that does. Null for versions uploaded before (their launch finds out).
 */
export const addLaunchable: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('store_app_versions').addColumn('launchable', 'integer').execute();
  },
};
