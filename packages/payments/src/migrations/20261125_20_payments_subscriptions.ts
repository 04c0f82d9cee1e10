import type { KioskMigration } from '@kiosk/db';
import { common, json, notNull } from './column-builders.ts';

/**
 * Issue 11: subscriptions, their items, and what the billing engine needs on invoices.
 */
export const createSubscriptions: KioskMigration = {
  async up(db) {
    await common(db.schema.createTable('subscriptions'))
      .addColumn('status', 'text', notNull)
      .addColumn('customer_id', 'text', notNull)
      .addColumn('currency_id', 'text', notNull)
      .addColumn('default_payment_method_id', 'text')
      .addColumn('description', 'text')
      .addColumn('recurring', 'text', json)
      .addColumn('checkout_session_id', 'text')
      .addColumn('latest_invoice_id', 'text')
      .addColumn('billing_cycle_anchor', 'bigint', notNull)
      .addColumn('current_period_start', 'bigint', notNull)
      .addColumn('current_period_end', 'bigint', notNull)
      .addColumn('start_date', 'bigint', notNull)
      .addColumn('trial_start', 'bigint')
      .addColumn('trial_end', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('cancel_at', 'bigint')
      .addColumn('canceled_at', 'bigint')
      .addColumn('cancelation_details', 'text', json)
      .addColumn('collection_method', 'text', (c) => c.notNull().defaultTo('charge_automatically'))
      .addColumn('proration_behavior', 'text', (c) => c.notNull().defaultTo('create_prorations'))
      .addColumn('payment_settings', 'text', json)
      .addColumn('payment_details', 'text', json)
      .addColumn('billing_thresholds', 'text', json)
      .addColumn('pause_collection', 'text', json)
      .addColumn('pending_update', 'text', json)
      .addColumn('recovered_from', 'text')
      .addColumn('metadata', 'text', json)
      .execute();
    await db.schema
      .createIndex('subscriptions_customer')
      .on('subscriptions')
      .columns(['customer_id', 'status'])
      .execute();
    // The billing engine's sweep: live subscriptions by the end of their period.
    await db.schema
      .createIndex('subscriptions_due')
      .on('subscriptions')
      .columns(['status', 'current_period_end'])
      .execute();
    await common(db.schema.createTable('subscription_items'))
      .addColumn('subscription_id', 'text', notNull)
      .addColumn('price_id', 'text', notNull)
      .addColumn('quantity', 'integer', notNull)
      .addColumn('metadata', 'text', json)
      .execute();
    await db.schema
      .createIndex('subscription_items_subscription')
      .on('subscription_items')
      .columns(['subscription_id'])
      .execute();
    await db.schema
      .alterTable('invoices')
      .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('invoices').addColumn('next_payment_attempt', 'bigint').execute();
    await db.schema
      .alterTable('invoices')
      .addColumn('last_payment_error', 'text', (c) => c.notNull().defaultTo('null'))
      .execute();
    await db.schema
      .createIndex('invoices_subscription')
      .on('invoices')
      .columns(['subscription_id', 'period_start'])
      .execute();
  },
};
