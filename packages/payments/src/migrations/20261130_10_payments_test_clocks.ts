import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { common, notNull } from './column-builders.ts';

/**
 * Test clocks (test-clocks/table.ts), and the clock a customer is on: its subscriptions are billed on
 * the clock's time, by the clock's advances, and never by the wall clock's sweep.
 */
export const createTestClocks: KioskMigration = {
  async up(db) {
    await common(db.schema.createTable('test_clocks'))
      .addColumn('name', 'text')
      .addColumn('frozen_time', 'bigint', notNull)
      .addColumn('status', 'text', notNull)
      // The time an advance under way takes the clock to (null when none is).
      .addColumn('advancing_to', 'bigint')
      // A deleted clock is kept (its events name it) and answers 404.
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema.alterTable('customers').addColumn('test_clock_id', 'text').execute();
    // The sweeps read a clock's customers, and the wall clock's leaves out every clocked one: partial,
    // so the customers on no clock (nearly all) cost it nothing.
    await db.schema
      .createIndex('customers_test_clock')
      .on('customers')
      .column('test_clock_id')
      .where(sql.ref('test_clock_id'), 'is not', null)
      .execute();
  },
};
