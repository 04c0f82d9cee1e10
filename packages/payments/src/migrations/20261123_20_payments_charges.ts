import { newId } from '@kiosk/core';
import { type KioskMigration, moneyColumnType } from '@kiosk/db';
import { common, json, notNull, zero } from './column-builders.ts';

export const createCharges: KioskMigration = {
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
};
