import type { PaymentIntentStatus } from '@kiosk/core';
import { metadata, paymentIntentSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import type { Json, Money, Row } from '../columns.ts';

export type PaymentIntentRow = Row & {
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

export const paymentIntentJson = jsonColumns('payment_intents', {
  /**
   * The code; its message is written out in the reader's language (rows from before that keep the
   * English message they were written with).
   */
  last_payment_error: jsonColumn(z.looseObject({ code: z.string() }).nullable(), null),
  /**
   * What each method's rail recorded of the payment, under the method's type (`{ evm: { tx_hash … } }`);
   * rows from before charges also list `underpaid_transfers` and `extra_transfers`.
   */
  payment_details: jsonColumn(paymentIntentSchema.shape.payment_details, {}),
  metadata: jsonColumn(metadata, {}),
});
