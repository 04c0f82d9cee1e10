import type { InvoiceStatus } from '@kiosk/core';
import { flag, fromJson, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

export interface Invoice {
  id: string;
  object: 'invoice';
  livemode: boolean;
  number: string;
  status: InvoiceStatus;
  billing_reason: string;
  description: string | null;
  customer_id: string;
  subscription_id: string | null;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  currency_id: string;
  subtotal: string;
  total: string;
  amount_due: string;
  amount_paid: string;
  amount_remaining: string;
  lines: unknown[];
  period_start: number | null;
  period_end: number | null;
  status_transitions: Record<string, number>;
  metadata: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

export function invoiceView(row: PaymentsTables['invoices']): Invoice {
  return {
    id: row.id,
    object: 'invoice',
    livemode: flag(row.livemode),
    number: row.number,
    status: row.status,
    billing_reason: row.billing_reason,
    description: row.description,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    checkout_session_id: row.checkout_session_id,
    payment_intent_id: row.payment_intent_id,
    currency_id: row.currency_id,
    subtotal: moneyText(row.subtotal),
    total: moneyText(row.total),
    amount_due: moneyText(row.amount_due),
    amount_paid: moneyText(row.amount_paid),
    amount_remaining: moneyText(row.amount_remaining),
    lines: fromJson(row.lines, []),
    period_start: row.period_start === null ? null : Number(row.period_start),
    period_end: row.period_end === null ? null : Number(row.period_end),
    status_transitions: fromJson(row.status_transitions, {}),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
