import type { InvoiceStatus } from '@kiosk/core';
import { billingAddress, invoiceSchema, metadata } from '@kiosk/contracts';
import { z } from 'zod';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
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
  /** What the buyer gave when it was made (InvoiceBuyer); `{}` on invoices made before it was kept. */
  customer_details: Json;
};

const invoiceBuyer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: billingAddress.partial().nullable(),
});
/** The buyer's name, email, phone and address as they were when an invoice was made. */
export type InvoiceBuyer = z.infer<typeof invoiceBuyer>;

export const invoiceJson = jsonColumns('invoices', {
  /**
   * What the invoice bills, as its billing reason made it: a checkout's stored lines, a cycle's priced
   * lines, a plan change's proration lines and carried credit; read only to be shown.
   */
  lines: jsonColumn(invoiceSchema.shape.lines, []),
  /** When it entered each status (`finalized_at`, `paid_at` …). */
  status_transitions: jsonColumn(invoiceSchema.shape.status_transitions, {}),
  last_payment_error: jsonColumn(invoiceSchema.shape.last_payment_error, null),
  customer_details: jsonColumn(invoiceBuyer.partial(), {}),
  metadata: jsonColumn(metadata, {}),
});
