import type { AnyKysely, KioskMigration } from '@kiosk/db';
import { json, notNull } from './column-builders.ts';

/**
 * Issue 24 items 1–3: an app's pricing per Kiosk Pay mode (the product the store keeps for it and the
 * price a buyer pays today), what a purchase paid and how it was shared, and the store's sales
 * settings (the mode it sells in, its share of each sale).
 */
export const createPaidApps: KioskMigration = {
  async up(db) {
    await createAppPricing(db);
    await extendPurchases(db);
    await extendSettings(db);
  },
};

async function createAppPricing(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('store_app_pricing')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('app_did', 'text', notNull)
    .addColumn('livemode', 'boolean', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('interval', 'text')
    .addColumn('prices', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_id', 'text')
    .addColumn('price_id', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('store_app_pricing_app_mode', ['app_did', 'livemode'])
    .execute();
}

async function extendPurchases(db: AnyKysely): Promise<void> {
  // One column a statement: SQLite adds no more.
  const columns = [
    ['price_id', 'text'],
    ['payment_intent_id', 'text'],
    ['subscription_id', 'text'],
    ['subscription_status', 'text'],
    ['subscription_updated_at', 'bigint'],
    ['currency_id', 'text'],
    ['amount', 'text'],
    ['store_amount', 'text'],
    ['developer_amount', 'text'],
    ['revoked_at', 'bigint'],
  ] as const;
  for (const [name, type] of columns)
    await db.schema.alterTable('store_purchases').addColumn(name, type).execute();
  await db.schema.alterTable('store_purchases').addColumn('metadata', 'text', json).execute();
  // A refund finds its purchase by the payment, a subscription's change by the subscription.
  await db.schema
    .createIndex('store_purchases_payment_intent')
    .on('store_purchases')
    .column('payment_intent_id')
    .execute();
  await db.schema
    .createIndex('store_purchases_subscription')
    .on('store_purchases')
    .column('subscription_id')
    .execute();
}

async function extendSettings(db: AnyKysely): Promise<void> {
  await db.schema
    .alterTable('store_settings')
    .addColumn('sales_livemode', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('store_settings')
    .addColumn('store_share_bps', 'integer', (c) => c.notNull().defaultTo(3000))
    .execute();
}
