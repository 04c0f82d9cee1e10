import type { KioskMigration } from '@kiosk/db';

/**
 * The rail's name for the transfer a merchant sent to make a refund (an EVM transaction hash), once
 * named: unique, so one transfer never makes two refunds.
 */
export const addRefundTransfer: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('refunds').addColumn('transfer_reference', 'text').execute();
    await db.schema
      .createIndex('refunds_transfer_reference')
      .unique()
      .on('refunds')
      .columns(['payment_method_id', 'transfer_reference'])
      .execute();
  },
};
