import type { KioskMigration } from '@kiosk/db';

/**
 * The collection sweep looks for open invoices whose next attempt has passed: without this, every
 * sweep read the whole invoices table.
 */
export const indexInvoicesByNextAttempt: KioskMigration = {
  async up(db) {
    await db.schema
      .createIndex('invoices_next_attempt')
      .on('invoices')
      .columns(['status', 'next_payment_attempt'])
      .execute();
  },
};
