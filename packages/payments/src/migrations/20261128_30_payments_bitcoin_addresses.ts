import { type KioskMigration, moneyColumnType } from '@kiosk/db';
import { sql } from 'kysely';
import { json, notNull, zero } from './column-builders.ts';

/**
 * The Bitcoin method's receiving addresses (methods/bitcoin/address-book.ts): one per payment, derived
 * from the merchant's account key at the account's next index, never handed out twice.
 */
export const createBitcoinAddresses: KioskMigration = {
  async up(db, engine) {
    // One row per account key and network: the next index to derive and the last one paid.
    await db.schema
      .createTable('bitcoin_accounts')
      .addColumn('account', 'text', (c) => c.primaryKey().notNull())
      .addColumn('next_index', 'integer', zero)
      .addColumn('last_paid_index', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('bitcoin_addresses')
      .addColumn('address', 'text', (c) => c.primaryKey().notNull())
      .addColumn('account', 'text', notNull)
      .addColumn('derivation_index', 'integer', notNull)
      .addColumn('livemode', 'boolean', notNull)
      .addColumn('payment_method_id', 'text', notNull)
      .addColumn('payment_key', 'text', notNull)
      .addColumn('amount', moneyColumnType(engine), notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('paid_at', 'bigint')
      .addColumn('observed', 'text', json)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    // An index serves one payment; a payment has one address per account.
    await db.schema
      .createIndex('bitcoin_addresses_index')
      .on('bitcoin_addresses')
      .columns(['account', 'derivation_index'])
      .unique()
      .execute();
    await db.schema
      .createIndex('bitcoin_addresses_payment')
      .on('bitcoin_addresses')
      .columns(['account', 'payment_key'])
      .unique()
      .execute();
    // The gap count reads the unpaid addresses of an account past its last paid one.
    await db.schema
      .createIndex('bitcoin_addresses_unpaid')
      .on('bitcoin_addresses')
      .columns(['account', 'derivation_index', 'expires_at'])
      .where(sql.ref('paid_at'), 'is', null)
      .execute();
  },
};
