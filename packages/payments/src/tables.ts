import { newId } from '@kiosk/core';
import { moneyColumnType, type MigrationSet } from '@kiosk/db';
import type {
  ChargeStatus,
  CheckoutSessionStatus,
  InvoiceStatus,
  PaymentIntentStatus,
  SubscriptionStatus,
} from '@kiosk/core';
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

/**
 * Kiosk Pay's tables. Every row carries `livemode`; money columns hold decimal strings of exact
 * integers in the currency's smallest unit; JSON is text; times are unix seconds. Fields follow the
 * seeds and the original's names (../shared/reference/payment-reference.md) so that subscriptions,
 * donations and the portal add behaviour later without migrating these tables again.
 */

type Json = string;
type Money = string;
type Flag = number | boolean;

interface Row {
  id: string;
  livemode: Flag;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTables {
  payment_methods: Row & {
    /** ethereum, base, evm (any EVM chain by chain id); card and others later. */
    type: string;
    name: string;
    description: string | null;
    logo: string | null;
    /** Per type; EVM: chain_id, api_host (RPC URL), explorer_host, confirmation, receiving_address. */
    settings: Json;
    default_currency_id: string | null;
    active: Flag;
    metadata: Json;
  };
  payment_currencies: Row & {
    payment_method_id: string;
    name: string;
    symbol: string;
    decimal: number;
    maximum_precision: number;
    logo: string | null;
    /** Token contract; null for the chain's native coin. */
    contract: string | null;
    is_base_currency: Flag;
    active: Flag;
  };
  products: Row & {
    type: string;
    name: string;
    description: string | null;
    images: Json;
    unit_label: string | null;
    statement_descriptor: string | null;
    cross_sell: Json;
    active: Flag;
    metadata: Json;
  };
  prices: Row & {
    product_id: string;
    type: 'one_time' | 'recurring';
    nickname: string | null;
    lookup_key: string | null;
    currency_id: string;
    unit_amount: Money;
    currency_options: Json;
    custom_unit_amount: Json;
    recurring: Json;
    upsell: Json;
    quantity_available: number;
    quantity_sold: number;
    quantity_limit_per_checkout: number;
    active: Flag;
    metadata: Json;
  };
  payment_links: Row & {
    name: string | null;
    active: Flag;
    line_items: Json;
    currency_id: string | null;
    after_completion: Json;
    phone_number_collection: Json;
    billing_address_collection: string;
    submit_type: string;
    subscription_data: Json;
    cross_sell_behavior: string;
    donation_settings: Json;
    metadata: Json;
  };
  checkout_sessions: Row & {
    mode: 'payment' | 'subscription' | 'setup';
    status: CheckoutSessionStatus;
    payment_status: 'unpaid' | 'paid' | 'no_payment_required';
    payment_link_id: string | null;
    customer_id: string | null;
    customer_did: string | null;
    currency_id: string;
    line_items: Json;
    amount_subtotal: Money;
    amount_total: Money;
    expires_at: number;
    submit_type: string;
    cross_sell_behavior: string;
    phone_number_collection: Json;
    billing_address_collection: string;
    subscription_data: Json;
    customer_details: Json;
    success_url: string | null;
    cancel_url: string | null;
    payment_method_id: string | null;
    payment_intent_id: string | null;
    invoice_id: string | null;
    subscription_id: string | null;
    metadata: Json;
    /** Who started it from a payment link, to answer repeats within 3 s with the same session. */
    start_key: string | null;
  };
  customers: Row & {
    did: string;
    name: string | null;
    email: string | null;
    phone: string | null;
    address: Json;
    metadata: Json;
  };
  payment_intents: Row & {
    status: PaymentIntentStatus;
    amount: Money;
    amount_received: Money;
    currency_id: string;
    payment_method_id: string;
    customer_id: string;
    checkout_session_id: string | null;
    invoice_id: string | null;
    description: string | null;
    last_payment_error: Json;
    payment_details: Json;
    metadata: Json;
  };
  invoices: Row & {
    number: string;
    status: InvoiceStatus;
    billing_reason: string;
    description: string | null;
    customer_id: string;
    subscription_id: string | null;
    checkout_session_id: string | null;
    payment_intent_id: string | null;
    currency_id: string;
    subtotal: Money;
    total: Money;
    amount_due: Money;
    amount_paid: Money;
    amount_remaining: Money;
    lines: Json;
    period_start: number | null;
    period_end: number | null;
    status_transitions: Json;
    metadata: Json;
    /** Collection attempts made (subscriptions' invoices are collected by the billing engine). */
    attempt_count: number;
    /** When the billing engine tries to collect it next; null when nothing is scheduled. */
    next_payment_attempt: number | null;
    /** The last attempt's failure ({ code }), or null. */
    last_payment_error: Json;
  };
  /**
   * A customer's recurring purchase (Stripe's vocabulary; seed 000 §1). Its periods are counted from
   * `billing_cycle_anchor` (core's billing/periods.ts); the billing engine invoices a period when it
   * ends (`current_period_end`). `payment_details.{method type}` holds the customer's mandate;
   * `billing_thresholds` and `payment_details` leave room for stake (a later issue).
   */
  subscriptions: Row & {
    status: SubscriptionStatus;
    customer_id: string;
    currency_id: string;
    /** The method that collects; null: invoices are not collected automatically. */
    default_payment_method_id: string | null;
    description: string | null;
    /** The recurring interval every item shares (`{ interval, interval_count }`). */
    recurring: Json;
    checkout_session_id: string | null;
    latest_invoice_id: string | null;
    billing_cycle_anchor: number;
    current_period_start: number;
    current_period_end: number;
    start_date: number;
    trial_start: number | null;
    trial_end: number | null;
    ended_at: number | null;
    cancel_at_period_end: Flag;
    cancel_at: number | null;
    canceled_at: number | null;
    cancelation_details: Json;
    collection_method: 'charge_automatically' | 'send_invoice';
    proration_behavior: string;
    /** What the customer was asked to authorise (`{ mandate: { starts_at, cycles, max_per_cycle } }`). */
    payment_settings: Json;
    /** The authorised mandate per method type: `{ evm: StoredMandate }`. */
    payment_details: Json;
    billing_thresholds: Json;
    pause_collection: Json;
    pending_update: Json;
    /** Lines for the next invoice: a plan change's credit (`ChangeLine`s, amounts as strings). */
    pending_invoice_items: Json;
    recovered_from: string | null;
    metadata: Json;
  };
  subscription_items: Row & {
    subscription_id: string;
    price_id: string;
    quantity: number;
    metadata: Json;
  };
  /**
   * One claimed payment of a payment intent (a named chain transaction …), checked by its method's
   * adapter. What the intent asked when it was named is kept here: the payment is judged against
   * that, whatever happens to the order later.
   */
  charges: Row & {
    status: ChargeStatus;
    payment_intent_id: string;
    payment_method_id: string;
    currency_id: string;
    /** The intent's amount when the payment was named. */
    amount_due: Money;
    /** Where `reference` is unique: `eip155:{chain id}` for an EVM chain. */
    network: string;
    /** The method's proof: a transaction hash (lowercase) on a chain. */
    reference: string;
    /** How many times it was named; each naming starts a new round of checks. */
    round: number;
    checks: number;
    /** Unix seconds after which an unconfirmed payment stops being waited for. */
    check_until: number;
    /** What arrived, once verified. */
    amount: Money;
    payer: string | null;
    details: Json;
    /** Money that arrived but is not the intent's to keep (too little, too much, too late). */
    amount_refundable: Money;
    refund_reason: string | null;
    failure_code: string | null;
    /** Why the last check could not decide (the chain did not answer …). */
    last_check_error: string | null;
  };
  /** Each proof of payment counts once, ever: a transaction hash pays for one charge. */
  payment_references: {
    network: string;
    reference: string;
    charge_id: string;
    created_at: number;
  };
}

type Table = CreateTableBuilder<string, string>;
const common = (table: Table): Table =>
  table
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');
const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('0');

export const paymentsMigrations: MigrationSet = {
  // Migrations are history: they are never edited. (This one also made the event and idempotency
  // tables, which the platform owns now.)
  '20261122_20_payments': {
    async up(db, engine) {
      const money = moneyColumnType(engine);
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
      await db.schema
        .createTable('chain_transactions')
        .addColumn('chain_id', 'integer', notNull)
        .addColumn('tx_hash', 'text', notNull)
        .addColumn('payment_intent_id', 'text', notNull)
        .addColumn('amount', money, notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('chain_transactions_pk', ['chain_id', 'tx_hash'])
        .execute();
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('livemode', 'boolean', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('object_id', 'text', notNull)
        .addColumn('data', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('events_object')
        .on('events')
        .columns(['object_id', 'created_at'])
        .execute();
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
    },
  },
  '20261122_21_payments_checkout_start_key': {
    async up(db) {
      await db.schema.alterTable('checkout_sessions').addColumn('start_key', 'text').execute();
      await db.schema
        .createIndex('checkout_sessions_start')
        .on('checkout_sessions')
        .columns(['payment_link_id', 'start_key'])
        .execute();
    },
  },
  '20261123_20_payments_charges': {
    async up(db, engine) {
      const money = moneyColumnType(engine);
      await common(db.schema.createTable('charges'))
        .addColumn('status', 'text', notNull)
        .addColumn('payment_intent_id', 'text', notNull)
        .addColumn('payment_method_id', 'text', notNull)
        .addColumn('currency_id', 'text', notNull)
        .addColumn('amount_due', money, notNull)
        .addColumn('network', 'text', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('checks', 'integer', zero)
        .addColumn('check_until', 'bigint', notNull)
        .addColumn('amount', money, zero)
        .addColumn('payer', 'text')
        .addColumn('details', 'text', json)
        .addColumn('amount_refundable', money, zero)
        .addColumn('refund_reason', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('last_check_error', 'text')
        .execute();
      await db.schema
        .createIndex('charges_intent_reference')
        .on('charges')
        .columns(['payment_intent_id', 'network', 'reference'])
        .unique()
        .execute();
      await db.schema.createIndex('charges_status').on('charges').columns(['status']).execute();
      await db.schema
        .createTable('payment_references')
        .addColumn('network', 'text', notNull)
        .addColumn('reference', 'text', notNull)
        .addColumn('charge_id', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('payment_references_pk', ['network', 'reference'])
        .execute();

      // Transactions that paid before charges existed become the charges they were.
      const paid = await db
        .selectFrom('chain_transactions as t')
        .innerJoin('payment_intents as pi', 'pi.id', 't.payment_intent_id')
        .select(['t.chain_id', 't.tx_hash', 't.amount', 't.created_at', 'pi.id as intent', 'pi.livemode'])
        .select(['pi.payment_method_id', 'pi.currency_id', 'pi.amount as due', 'pi.payment_details'])
        .execute();
      for (const row of paid) {
        const id = newId('charge');
        const network = `eip155:${row.chain_id}`;
        const due = BigInt(String(row.due));
        const amount = BigInt(String(row.amount));
        // The transfer the intent names as its payment paid it; any other one is money to return.
        const paidBy = (JSON.parse(row.payment_details) as { evm?: { tx_hash?: string } }).evm?.tx_hash;
        const paying = paidBy?.toLowerCase() === row.tx_hash;
        const refundable = paying ? amount - due : amount;
        const reason = paying
          ? amount > due
            ? 'overpaid'
            : null
          : amount < due
            ? 'underpaid'
            : 'already_paid';
        await db
          .insertInto('charges')
          .values({
            id,
            livemode: row.livemode,
            created_at: row.created_at,
            updated_at: row.created_at,
            status: 'succeeded',
            payment_intent_id: row.intent,
            payment_method_id: row.payment_method_id,
            currency_id: row.currency_id,
            amount_due: due.toString(),
            network,
            reference: row.tx_hash,
            check_until: row.created_at,
            amount: amount.toString(),
            amount_refundable: refundable.toString(),
            refund_reason: reason,
          })
          .execute();
        await db
          .insertInto('payment_references')
          .values({ network, reference: row.tx_hash, charge_id: id, created_at: row.created_at })
          .execute();
      }
      await db.schema.dropTable('chain_transactions').execute();
    },
  },
  // Issue 11: subscriptions, their items, and what the billing engine needs on invoices.
  '20261125_20_payments_subscriptions': {
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
  },
  // Settling a payment looks up the invoices that name its intent: without this, every settlement
  // read the whole invoices table (the billing run grew with the square of its size).
  '20261126_10_payments_invoice_intent': {
    async up(db) {
      await db.schema
        .createIndex('invoices_payment_intent')
        .on('invoices')
        .columns(['payment_intent_id'])
        .execute();
    },
  },
  // A plan change's lines that go on the next invoice (a lower price's credit).
  '20261126_20_payments_plan_change': {
    async up(db) {
      await db.schema
        .alterTable('subscriptions')
        .addColumn('pending_invoice_items', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
};
