import type { InvoiceStatus } from '@kiosk/core';
import type { Json, Money, Row } from '../columns.ts';

export type InvoiceRow = Row & {
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
