import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * A paid Bitcoin payment is read again for reorgs until its blocks are deep enough
 * (methods/bitcoin/reorgs.ts): `beyond_reorgs_at` says when it stopped being read, and the partial
 * index finds a method's payments still watched without reading the others, however many were paid.
 */
export const addBitcoinReorgWatch: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('bitcoin_addresses').addColumn('beyond_reorgs_at', 'bigint').execute();
    await db.schema
      .createIndex('bitcoin_addresses_watched')
      .on('bitcoin_addresses')
      .columns(['payment_method_id', 'address'])
      .where(sql.ref('paid_at'), 'is not', null)
      .where(sql.ref('beyond_reorgs_at'), 'is', null)
      .execute();
  },
};
