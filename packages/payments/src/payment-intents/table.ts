import type { PaymentIntentStatus } from '@kiosk/core';
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
