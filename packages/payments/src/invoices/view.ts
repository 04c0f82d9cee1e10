import type { Invoice } from '@kiosk/contracts';
import { flag, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { invoiceJson, type InvoiceBuyer } from './table.ts';

/** Stripe's names for the buyer as the invoice keeps them. */
const buyerView = (buyer: Partial<InvoiceBuyer>) => ({
  customer_name: buyer.name ?? null,
  customer_email: buyer.email ?? null,
  customer_phone: buyer.phone ?? null,
  customer_address: buyer.address ?? null,
});

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
    lines: invoiceJson.lines.read(row.lines),
    period_start: row.period_start === null ? null : Number(row.period_start),
    period_end: row.period_end === null ? null : Number(row.period_end),
    status_transitions: invoiceJson.status_transitions.read(row.status_transitions),
    attempt_count: Number(row.attempt_count),
    next_payment_attempt: row.next_payment_attempt === null ? null : Number(row.next_payment_attempt),
    last_payment_error: invoiceJson.last_payment_error.read(row.last_payment_error),
    ...buyerView(invoiceJson.customer_details.read(row.customer_details)),
    metadata: invoiceJson.metadata.read(row.metadata),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
