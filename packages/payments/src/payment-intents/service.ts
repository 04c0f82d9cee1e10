import { newId, nowUnix } from '@kiosk/core';
import { flag, fromJson, moneyText, pageOf, stamps, type Executor } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { PaymentsTables } from '../tables.ts';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  livemode: boolean;
  status: string;
  amount: string;
  amount_received: string;
  currency_id: string;
  payment_method_id: string;
  customer_id: string;
  checkout_session_id: string | null;
  invoice_id: string | null;
  description: string | null;
  last_payment_error: { code: string; message: string } | null;
  payment_details: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

export function paymentIntentView(row: PaymentsTables['payment_intents']): PaymentIntent {
  return {
    id: row.id,
    object: 'payment_intent',
    livemode: flag(row.livemode),
    status: row.status,
    amount: moneyText(row.amount),
    amount_received: moneyText(row.amount_received),
    currency_id: row.currency_id,
    payment_method_id: row.payment_method_id,
    customer_id: row.customer_id,
    checkout_session_id: row.checkout_session_id,
    invoice_id: row.invoice_id,
    description: row.description,
    last_payment_error: fromJson(row.last_payment_error, null),
    payment_details: fromJson(row.payment_details, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function getPaymentIntent(db: Executor, id: string): Promise<PaymentIntent | undefined> {
  const row = await db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
  return row && paymentIntentView(row);
}

export async function listPaymentIntents(
  db: Executor,
  livemode: boolean,
  filter: {
    customer_id?: string;
    status?: string;
    checkout_session_id?: string;
    page: number;
    pageSize: number;
  },
) {
  let query = db.selectFrom('payment_intents').where('livemode', '=', livemode);
  if (filter.customer_id) query = query.where('customer_id', '=', filter.customer_id);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.checkout_session_id) query = query.where('checkout_session_id', '=', filter.checkout_session_id);
  const { rows, count } = await pageOf(query, filter);
  return { list: rows.map(paymentIntentView), count };
}

/**
 * The session's payment intent: created on the first submit, and re-aimed (amount, currency, method)
 * on a later submit while nothing has been paid. Awaiting the buyer's transfer is `requires_action`.
 */
export async function preparePaymentIntent(
  db: Executor,
  input: {
    livemode: boolean;
    sessionId: string;
    existingId: string | null;
    amount: bigint;
    currencyId: string;
    methodId: string;
    customerId: string;
    description: string | null;
  },
): Promise<string> {
  const fields = {
    amount: input.amount.toString(),
    currency_id: input.currencyId,
    payment_method_id: input.methodId,
    customer_id: input.customerId,
    status: 'requires_action',
    last_payment_error: 'null',
    updated_at: nowUnix(),
  };
  if (input.existingId) {
    await db.updateTable('payment_intents').set(fields).where('id', '=', input.existingId).execute();
    await recordEvent(db, {
      type: 'payment_intent.requires_action',
      livemode: input.livemode,
      objectId: input.existingId,
      data: { amount: fields.amount },
    });
    return input.existingId;
  }
  const id = newId('paymentIntent');
  await db
    .insertInto('payment_intents')
    .values({
      id,
      livemode: input.livemode,
      ...fields,
      amount_received: '0',
      checkout_session_id: input.sessionId,
      invoice_id: null,
      description: input.description,
      payment_details: '{}',
      metadata: '{}',
      ...stamps(),
    })
    .execute();
  await recordEvent(db, {
    type: 'payment_intent.created',
    livemode: input.livemode,
    objectId: id,
    data: { id, amount: fields.amount },
  });
  return id;
}
