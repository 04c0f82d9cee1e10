import { type AnyKysely, type KioskMigration, moneyColumnType } from '@kiosk/db';
import { common, json, jsonList, notNull, zero } from './column-builders.ts';

/**
 * Kiosk Pay's first tables. This one also made the event and idempotency tables, which the platform
 * owns now (packages/platform/src/migrations).
 */
export const createPaymentsTables: KioskMigration = {
  // One step per table, in the released order: the statements are history and never change.
  async up(db, engine) {
    const money = moneyColumnType(engine);
    await createPaymentMethods(db);
    await createPaymentCurrencies(db);
    await createProducts(db);
    await createPrices(db, money);
    await createPaymentLinks(db);
    await createCustomers(db);
    await createCheckoutSessions(db, money);
    await createPaymentIntents(db, money);
    await createInvoices(db, money);
    await createChainTransactions(db, money);
    await createEvents(db);
    await createIdempotencyKeys(db);
  },
};

/** Money columns: exact decimals on both engines (`moneyColumnType`). */
type Money = ReturnType<typeof moneyColumnType>;

/** The payment methods (a chain, say) a merchant accepts. */
async function createPaymentMethods(db: AnyKysely): Promise<void> {
  await common(db.schema.createTable('payment_methods'))
    .addColumn('type', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('logo', 'text')
    .addColumn('settings', 'text', json)
    .addColumn('default_currency_id', 'text')
    .addColumn('active', 'boolean', notNull)
    .addColumn('metadata', 'text', json)
    .execute();
}

/** The currencies (tokens) each payment method carries. */
async function createPaymentCurrencies(db: AnyKysely): Promise<void> {
  await common(db.schema.createTable('payment_currencies'))
    .addColumn('payment_method_id', 'text', (c) => c.notNull().references('payment_methods.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('symbol', 'text', notNull)
    .addColumn('decimal', 'integer', notNull)
    .addColumn('maximum_precision', 'integer', notNull)
    .addColumn('logo', 'text')
    .addColumn('contract', 'text')
    .addColumn('is_base_currency', 'boolean', notNull)
    .addColumn('active', 'boolean', notNull)
    .execute();
}

async function createProducts(db: AnyKysely): Promise<void> {
  await common(db.schema.createTable('products'))
    .addColumn('type', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('images', 'text', jsonList)
    .addColumn('unit_label', 'text')
    .addColumn('statement_descriptor', 'text')
    .addColumn('cross_sell', 'text', json)
    .addColumn('active', 'boolean', notNull)
    .addColumn('metadata', 'text', json)
    .execute();
}

async function createPrices(db: AnyKysely, money: Money): Promise<void> {
  await common(db.schema.createTable('prices'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('type', 'text', notNull)
    .addColumn('nickname', 'text')
    .addColumn('lookup_key', 'text')
    .addColumn('currency_id', 'text', (c) => c.notNull().references('payment_currencies.id'))
    .addColumn('unit_amount', money, notNull)
    .addColumn('currency_options', 'text', jsonList)
    .addColumn('custom_unit_amount', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('recurring', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('upsell', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('quantity_available', 'integer', zero)
    .addColumn('quantity_sold', 'integer', zero)
    .addColumn('quantity_limit_per_checkout', 'integer', zero)
    .addColumn('active', 'boolean', notNull)
    .addColumn('metadata', 'text', json)
    .execute();
}

async function createPaymentLinks(db: AnyKysely): Promise<void> {
  await common(db.schema.createTable('payment_links'))
    .addColumn('name', 'text')
    .addColumn('active', 'boolean', notNull)
    .addColumn('line_items', 'text', jsonList)
    .addColumn('currency_id', 'text')
    .addColumn('after_completion', 'text', json)
    .addColumn('phone_number_collection', 'text', json)
    .addColumn('billing_address_collection', 'text', notNull)
    .addColumn('submit_type', 'text', notNull)
    .addColumn('subscription_data', 'text', json)
    .addColumn('cross_sell_behavior', 'text', notNull)
    .addColumn('donation_settings', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('metadata', 'text', json)
    .execute();
}

/** Customers, one per DID and mode. */
async function createCustomers(db: AnyKysely): Promise<void> {
  await common(db.schema.createTable('customers'))
    .addColumn('did', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text', json)
    .addColumn('metadata', 'text', json)
    .execute();
  await db.schema
    .createIndex('customers_did')
    .on('customers')
    .columns(['did', 'livemode'])
    .unique()
    .execute();
}

/** Checkout sessions, and the index that finds the open ones to expire. */
async function createCheckoutSessions(db: AnyKysely, money: Money): Promise<void> {
  await common(db.schema.createTable('checkout_sessions'))
    .addColumn('mode', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('payment_status', 'text', notNull)
    .addColumn('payment_link_id', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('customer_did', 'text')
    .addColumn('currency_id', 'text', notNull)
    .addColumn('line_items', 'text', jsonList)
    .addColumn('amount_subtotal', money, notNull)
    .addColumn('amount_total', money, notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('submit_type', 'text', notNull)
    .addColumn('cross_sell_behavior', 'text', notNull)
    .addColumn('phone_number_collection', 'text', json)
    .addColumn('billing_address_collection', 'text', notNull)
    .addColumn('subscription_data', 'text', json)
    .addColumn('customer_details', 'text', json)
    .addColumn('success_url', 'text')
    .addColumn('cancel_url', 'text')
    .addColumn('payment_method_id', 'text')
    .addColumn('payment_intent_id', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('metadata', 'text', json)
    .execute();
  await db.schema
    .createIndex('checkout_sessions_open')
    .on('checkout_sessions')
    .columns(['status', 'expires_at'])
    .execute();
}

/** Payment intents, at most one per checkout session. */
async function createPaymentIntents(db: AnyKysely, money: Money): Promise<void> {
  await common(db.schema.createTable('payment_intents'))
    .addColumn('status', 'text', notNull)
    .addColumn('amount', money, notNull)
    .addColumn('amount_received', money, notNull)
    .addColumn('currency_id', 'text', notNull)
    .addColumn('payment_method_id', 'text', notNull)
    .addColumn('customer_id', 'text', notNull)
    .addColumn('checkout_session_id', 'text', (c) => c.unique())
    .addColumn('invoice_id', 'text')
    .addColumn('description', 'text')
    .addColumn('last_payment_error', 'text', (c) => c.notNull().defaultTo('null'))
    .addColumn('payment_details', 'text', json)
    .addColumn('metadata', 'text', json)
    .execute();
}

/** Invoices, with the index of a customer's invoices by status. */
async function createInvoices(db: AnyKysely, money: Money): Promise<void> {
  await common(db.schema.createTable('invoices'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', notNull)
    .addColumn('billing_reason', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('customer_id', 'text', notNull)
    .addColumn('subscription_id', 'text')
    .addColumn('checkout_session_id', 'text')
    .addColumn('payment_intent_id', 'text')
    .addColumn('currency_id', 'text', notNull)
    .addColumn('subtotal', money, notNull)
    .addColumn('total', money, notNull)
    .addColumn('amount_due', money, notNull)
    .addColumn('amount_paid', money, notNull)
    .addColumn('amount_remaining', money, notNull)
    .addColumn('lines', 'text', jsonList)
    .addColumn('period_start', 'bigint')
    .addColumn('period_end', 'bigint')
    .addColumn('status_transitions', 'text', json)
    .addColumn('metadata', 'text', json)
    .execute();
  await db.schema
    .createIndex('invoices_customer')
    .on('invoices')
    .columns(['customer_id', 'status'])
    .execute();
}

/** The chain transactions that paid an intent, each counted once. */
async function createChainTransactions(db: AnyKysely, money: Money): Promise<void> {
  await db.schema
    .createTable('chain_transactions')
    .addColumn('chain_id', 'integer', notNull)
    .addColumn('tx_hash', 'text', notNull)
    .addColumn('payment_intent_id', 'text', notNull)
    .addColumn('amount', money, notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'tx_hash'])
    .execute();
}

/** The event table (owned by the platform since). */
async function createEvents(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('livemode', 'boolean', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('object_id', 'text', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('events_object').on('events').columns(['object_id', 'created_at']).execute();
}

/** The idempotency keys of writes (owned by the platform since). */
async function createIdempotencyKeys(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', notNull)
    .addColumn('key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
