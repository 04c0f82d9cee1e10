import type { KioskMigration } from '@kiosk/db';

/**
 * A plan change's lines that go on the next invoice (a lower price's credit).
 */
export const addPendingInvoiceItems: KioskMigration = {
  async up(db) {
    await db.schema
      .alterTable('subscriptions')
      .addColumn('pending_invoice_items', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
