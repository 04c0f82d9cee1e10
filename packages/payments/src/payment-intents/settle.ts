import { KioskError, nowUnix } from '@kiosk/core';
import { fromJson, moneyText, toJson, type PaymentsDb } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { StoredLine } from '../checkout-sessions/lines.ts';

/**
 * Turns a verified on-chain transfer into a paid payment intent, invoice and checkout session, in one
 * transaction with an event for each change. A transaction hash pays at most one thing, ever
 * (`chain_transactions` primary key), and a payment intent is paid at most once (status guard).
 *
 * Amounts: less than due does not pay (the intent keeps waiting, with UNDERPAID as its error, and the
 * received amount is recorded for a refund); more than due pays, and the excess is recorded as
 * `overpaid` in payment_details for the merchant to return. A valid transfer that arrives after the
 * intent was paid (the buyer paid twice) is recorded in `extra_transfers`, also to be returned.
 */

export interface Received {
  chainId: number;
  txHash: string;
  amount: bigint;
  payer: string;
  blockNumber: bigint;
  gasUsed: bigint;
  gasPrice: bigint;
}

export type Settlement =
  | {
      result: 'paid';
      sessionId: string | null;
      invoiceId: string | null;
      customerId: string;
      currencyId: string;
      livemode: boolean;
    }
  | { result: 'underpaid' | 'already_used' | 'already_paid' };

export async function failPayment(
  db: PaymentsDb,
  paymentIntentId: string,
  code: string,
  message: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('payment_intents')
      .set({
        status: 'requires_action',
        last_payment_error: toJson({ code, message }),
        updated_at: nowUnix(),
      })
      .where('id', '=', paymentIntentId)
      .where('status', '!=', 'succeeded')
      .returning(['livemode'])
      .executeTakeFirst();
    if (row)
      await recordEvent(trx, {
        type: 'payment_intent.payment_failed',
        livemode: Boolean(row.livemode),
        objectId: paymentIntentId,
        data: { code },
      });
  });
}

export async function settleTransfer(
  db: PaymentsDb,
  paymentIntentId: string,
  received: Received,
): Promise<Settlement> {
  return db.transaction().execute(async (trx) => {
    const intent = await trx
      .updateTable('payment_intents')
      .set({ updated_at: nowUnix() })
      .where('id', '=', paymentIntentId)
      .returningAll()
      .executeTakeFirst();
    if (!intent) throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
    const livemode = Boolean(intent.livemode);

    const used = await trx
      .insertInto('chain_transactions')
      .values({
        chain_id: received.chainId,
        tx_hash: received.txHash.toLowerCase(),
        payment_intent_id: intent.id,
        amount: received.amount.toString(),
        created_at: nowUnix(),
      })
      .onConflict((oc) => oc.columns(['chain_id', 'tx_hash']).doNothing())
      .returning('tx_hash')
      .executeTakeFirst();
    if (!used) return { result: 'already_used' };

    const evm = {
      tx_hash: received.txHash,
      payer: received.payer,
      block_height: received.blockNumber.toString(),
      gas_used: received.gasUsed.toString(),
      gas_price: received.gasPrice.toString(),
      type: 'transfer',
    };
    const details = fromJson<{ evm?: unknown; underpaid_transfers?: unknown[]; extra_transfers?: unknown[] }>(
      intent.payment_details,
      {},
    );
    if (intent.status === 'succeeded') {
      await trx
        .updateTable('payment_intents')
        .set({
          payment_details: toJson({
            ...details,
            extra_transfers: [
              ...(details.extra_transfers ?? []),
              { ...evm, amount: received.amount.toString() },
            ],
          }),
        })
        .where('id', '=', intent.id)
        .execute();
      await recordEvent(trx, {
        type: 'payment_intent.extra_transfer',
        livemode,
        objectId: intent.id,
        data: { tx_hash: received.txHash, amount: received.amount.toString() },
      });
      return { result: 'already_paid' };
    }

    const due = BigInt(moneyText(intent.amount));
    if (received.amount < due) {
      await trx
        .updateTable('payment_intents')
        .set({
          status: 'requires_action',
          last_payment_error: toJson({ code: 'UNDERPAID', message: `received ${received.amount} of ${due}` }),
          payment_details: toJson({
            ...details,
            underpaid_transfers: [
              ...(details.underpaid_transfers ?? []),
              { ...evm, amount: received.amount.toString() },
            ],
          }),
        })
        .where('id', '=', intent.id)
        .execute();
      await recordEvent(trx, {
        type: 'payment_intent.payment_failed',
        livemode,
        objectId: intent.id,
        data: { code: 'UNDERPAID' },
      });
      return { result: 'underpaid' };
    }

    const now = nowUnix();
    await trx
      .updateTable('payment_intents')
      .set({
        status: 'succeeded',
        amount_received: received.amount.toString(),
        last_payment_error: 'null',
        payment_details: toJson({
          ...details,
          evm: { ...evm, overpaid: (received.amount - due).toString() },
        }),
        updated_at: now,
      })
      .where('id', '=', intent.id)
      .execute();
    await recordEvent(trx, {
      type: 'payment_intent.succeeded',
      livemode,
      objectId: intent.id,
      data: { amount_received: received.amount.toString() },
    });

    if (intent.invoice_id) {
      const invoice = await trx
        .selectFrom('invoices')
        .select(['status_transitions', 'total'])
        .where('id', '=', intent.invoice_id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('invoices')
        .set({
          status: 'paid',
          amount_paid: moneyText(invoice.total),
          amount_remaining: '0',
          status_transitions: toJson({ ...fromJson(invoice.status_transitions, {}), paid_at: now }),
          updated_at: now,
        })
        .where('id', '=', intent.invoice_id)
        .execute();
      await recordEvent(trx, {
        type: 'invoice.paid',
        livemode,
        objectId: intent.invoice_id,
        data: { customer_id: intent.customer_id, currency_id: intent.currency_id },
      });
    }

    if (intent.checkout_session_id) {
      const session = await trx
        .updateTable('checkout_sessions')
        .set({ status: 'complete', payment_status: 'paid', updated_at: now })
        .where('id', '=', intent.checkout_session_id)
        .returning(['line_items'])
        .executeTakeFirstOrThrow();
      for (const line of fromJson<StoredLine[]>(session.line_items, [])) {
        await trx
          .updateTable('prices')
          .set((eb) => ({ quantity_sold: eb('quantity_sold', '+', line.quantity) }))
          .where('id', '=', line.price_id)
          .execute();
      }
      await recordEvent(trx, {
        type: 'checkout.session.completed',
        livemode,
        objectId: intent.checkout_session_id,
        data: { payment_intent_id: intent.id },
      });
    }
    return {
      result: 'paid',
      sessionId: intent.checkout_session_id,
      invoiceId: intent.invoice_id,
      customerId: intent.customer_id,
      currencyId: intent.currency_id,
      livemode,
    };
  });
}
