import { KioskError } from '@kiosk/core';
import type { Hash } from 'viem';
import type { z } from 'zod';
import type { PaymentsContext } from '../context.ts';
import { paymentsDb, type Executor } from '../db.ts';
import { queueTransferCheck } from '../methods/evm/jobs.ts';
import { getPaymentIntent } from '../payment-intents/service.ts';
import type { PaymentCurrency, PaymentMethod } from '../payment-methods/schema.ts';
import { evmSettingsOf, getPaymentMethod } from '../payment-methods/service.ts';
import type { paymentInstructionsSchema } from './schema.ts';
import { findSessionRow } from './service.ts';

export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** The transfer that pays `amount` in `currency`: what submit answers and what a paying wallet is shown. */
export function paymentInstructions(
  method: PaymentMethod,
  currency: PaymentCurrency,
  amount: bigint | string,
): PaymentInstructions {
  const settings = evmSettingsOf(method);
  return {
    type: 'evm_transfer',
    chain_id: settings.chain_id,
    to: settings.receiving_address,
    token: currency.contract,
    amount: amount.toString(),
    currency_id: currency.id,
    decimal: currency.decimal,
    symbol: currency.symbol,
  };
}

/** The transfer that pays a payment intent as it stands now (a later submit or edit may have re-aimed it). */
export async function intentInstructions(
  db: Executor,
  paymentIntentId: string,
): Promise<PaymentInstructions> {
  const intent = await getPaymentIntent(db, paymentIntentId);
  const method = intent ? await getPaymentMethod(db, intent.livemode, intent.payment_method_id) : undefined;
  const currency = method?.payment_currencies.find((c) => c.id === intent?.currency_id);
  if (!intent || !method || !currency) throw new KioskError('CURRENCY_NOT_AVAILABLE', { status: 400 });
  return paymentInstructions(method, currency, intent.amount);
}

/**
 * The buyer names the transaction that pays their session (from the checkout page, or from their wallet
 * answering a `payment` connect session). This only queues a check: the intent waits in `processing`
 * and the chain job alone decides whether it paid.
 */
export async function claimTransfer(
  context: PaymentsContext,
  sessionId: string,
  buyerDid: string,
  txHash: Hash,
): Promise<void> {
  await paymentsDb(context.database)
    .transaction()
    .execute(async (trx) => {
      const row = await findSessionRow(trx, sessionId);
      if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
      if (row.customer_did !== buyerDid) throw new KioskError('FORBIDDEN');
      if (row.payment_status !== 'unpaid') throw new KioskError('CHECKOUT_ALREADY_PAID', { status: 409 });
      if (!row.payment_intent_id) throw new KioskError('CHECKOUT_NOT_SUBMITTED', { status: 409 });
      await trx
        .updateTable('payment_intents')
        .set({ status: 'processing', last_payment_error: 'null' })
        .where('id', '=', row.payment_intent_id)
        .where('status', '!=', 'succeeded')
        .execute();
      await queueTransferCheck(context, trx, row.payment_intent_id, txHash);
    });
}
