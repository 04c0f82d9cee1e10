import type { KioskMigration } from '@kiosk/db';

/**
 * Settling a payment looks up the invoices that name its intent: without this, every settlement
 * read the whole invoices table (the billing run grew with the square of its size).
 */
export const indexInvoicesByIntent: KioskMigration = {
  async up(db) {
    await db.schema
      .createIndex('invoices_payment_intent')
      .on('invoices')
      .columns(['payment_intent_id'])
      .execute();
  },
};
