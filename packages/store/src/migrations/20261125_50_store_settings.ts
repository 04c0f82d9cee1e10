import type { KioskMigration } from '@kiosk/db';
import { notNull, stamped } from './column-builders.ts';

/**
 * Issue 12 item 8: the admins' store settings (review type first).
 */
export const createStoreSettings: KioskMigration = {
  async up(db) {
    await stamped(db.schema.createTable('store_settings'))
      .addColumn('review_type', 'text', notNull)
      .execute();
  },
};
