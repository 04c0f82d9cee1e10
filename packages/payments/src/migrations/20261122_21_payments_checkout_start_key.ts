import type { KioskMigration } from '@kiosk/db';

export const addCheckoutStartKey: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('checkout_sessions').addColumn('start_key', 'text').execute();
    await db.schema
      .createIndex('checkout_sessions_start')
      .on('checkout_sessions')
      .columns(['payment_link_id', 'start_key'])
      .execute();
  },
};
