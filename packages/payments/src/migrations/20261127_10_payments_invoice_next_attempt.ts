import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * The collection sweep looks for open invoices whose next attempt has passed: without this, every
 * sweep read the whole invoices table. Partial, over open invoices only: an index led by status would
 * also be chosen for settling a payment (status in open, uncollectible and an intent's invoices),
 * where SQLite then walked every open invoice instead of the payment intent's index.
 */
export const indexInvoicesByNextAttempt: KioskMigration = {
  async up(db) {
    await db.schema
      .createIndex('invoices_next_attempt')
      .on('invoices')
      .column('next_payment_attempt')
      .where(sql.ref('status'), '=', 'open')
      .execute();
  },
};
