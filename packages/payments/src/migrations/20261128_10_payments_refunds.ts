import { type KioskMigration, moneyColumnType } from '@kiosk/db';
import { sql } from 'kysely';
import { common, json, notNull, zero } from './column-builders.ts';

/** Refunds (refunds/table.ts), and what refunds returned of each charge. */
export const createRefunds: KioskMigration = {
  async up(db, engine) {
    const money = moneyColumnType(engine);
    await common(db.schema.createTable('refunds'))
      .addColumn('status', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('amount', money, notNull)
      .addColumn('currency_id', 'text', notNull)
      .addColumn('payment_intent_id', 'text', notNull)
      .addColumn('charge_id', 'text', notNull)
      .addColumn('payment_method_id', 'text', notNull)
      .addColumn('reason', 'text')
      .addColumn('description', 'text')
      .addColumn('metadata', 'text', json)
      .addColumn('failure_code', 'text')
      .addColumn('attempt_count', 'integer', zero)
      .addColumn('last_attempt_error', 'text')
      .addColumn('payment_details', 'text', json)
      .addColumn('request_key', 'text')
      .execute();
    // A charge's pending refunds are summed each time one is made; its refunds listed by the merchant.
    await db.schema.createIndex('refunds_charge').on('refunds').columns(['charge_id', 'status']).execute();
    await db.schema.createIndex('refunds_intent').on('refunds').column('payment_intent_id').execute();
    // The retry sweep reads pending refunds only: partial, so finished ones cost it nothing.
    await db.schema
      .createIndex('refunds_pending')
      .on('refunds')
      .column('updated_at')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('refunds_request_key')
      .on('refunds')
      .column('request_key')
      .unique()
      .where(sql.ref('request_key'), 'is not', null)
      .execute();
    await db.schema.alterTable('charges').addColumn('amount_refunded', money, zero).execute();
  },
};
