import type { PaymentIntent } from '@kiosk/contracts';
import type { Locale } from '@kiosk/core';
import { translate } from '@kiosk/core/i18n/translate';
import { flag, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { paymentIntentJson } from './table.ts';

/**
 * An intent as the API answers it. `last_payment_error` is stored as a code; its message is written
 * out in the reader's language.
 */
export function paymentIntentView(
  row: PaymentsTables['payment_intents'],
  locale: Locale = 'en',
): PaymentIntent {
  const error = paymentIntentJson.last_payment_error.read(row.last_payment_error);
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
    payment_details: paymentIntentJson.payment_details.read(row.payment_details),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
