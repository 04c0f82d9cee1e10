import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { no } from './column-builders.ts';

/**
 * Issue 24 item 7: each app's developer turns donations on for their app's page (off until they do).
 * Apps already there keep taking them while the store does, as before this switch: an upgrade
 * changes no app page. `price_id` goes: an app's prices have been in store_app_pricing (one row per
 * mode) since paid apps.
 */
export const addAppDonations: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('store_apps').addColumn('accepts_donations', 'boolean', no).execute();
    await sql`update store_apps set accepts_donations = true`.execute(db);
    await db.schema.alterTable('store_apps').dropColumn('price_id').execute();
  },
};
