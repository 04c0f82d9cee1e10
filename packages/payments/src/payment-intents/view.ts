import { translate, type Locale, type PaymentIntentStatus } from '@kiosk/core';
import { flag, fromJson, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  livemode: boolean;
  status: PaymentIntentStatus;
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

/**
 * An intent as the API answers it. `last_payment_error` is stored as a code; its message is written
 * out in the reader's language.
 */
export function paymentIntentView(
  row: PaymentsTables['payment_intents'],
  locale: Locale = 'en',
): PaymentIntent {
  const error = fromJson<{ code: string } | null>(row.last_payment_error, null);
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
    last_payment_error: error && { code: error.code, message: translate(locale, `error.${error.code}`) },
    payment_details: fromJson(row.payment_details, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
