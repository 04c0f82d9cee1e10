import type { KioskMigration } from '@kiosk/db';

/**
 * What the buyer gave, kept on each invoice when it is made (`{ name, email, phone, address }`), so a
 * later purchase under other details does not rewrite it. Invoices made before are left `{}`: what
 * their buyers gave then was not kept, and today's details would be a guess.
 */
export const addInvoiceBuyer: KioskMigration = {
  async up(db) {
    await db.schema
      .alterTable('invoices')
      .addColumn('customer_details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  },
};
