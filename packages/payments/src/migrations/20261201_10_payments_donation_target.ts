import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * A donation link's target (what it supports: a post, an app), by which a host page finds it
 * (GET /api/donations?target=…): one link per target and mode, kept so by the database.
 */
export const addDonationTarget: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('payment_links').addColumn('donation_target', 'text').execute();
    await db.schema
      .createIndex('payment_links_donation_target')
      .on('payment_links')
      .columns(['livemode', 'donation_target'])
      .unique()
      .where(sql.ref('donation_target'), 'is not', null)
      .execute();
  },
};
