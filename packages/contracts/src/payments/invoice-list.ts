import { z } from 'zod';
import { listOf } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { invoiceListQuery, invoiceSchema } from './invoices.ts';
import { currencySchema, publicMethodSchema } from './payment-methods.ts';
import { subscriptionSchema } from './subscriptions.ts';

/**
 * Seed 001 §3 and §7: an invoice as the lists show it, with what it is paid in and the subscription it
 * bills (its items left out). The method is public (no RPC URL).
 */
export const listedInvoiceSchema = invoiceSchema.extend({
  paymentCurrency: currencySchema.nullable(),
  paymentMethod: publicMethodSchema.nullable(),
  subscription: subscriptionSchema.nullable(),
});
export type ListedInvoice = z.infer<typeof listedInvoiceSchema>;

/** Kept apart from invoices.ts, which subscriptions.ts imports: this one imports subscriptions. */
export const invoiceListRoutes = defineRoutes({
  /** `subscription`: the one `subscription_id` asks for, else null. */
  'GET /api/invoices': {
    querystring: invoiceListQuery,
    response: { 200: listOf(listedInvoiceSchema).extend({ subscription: subscriptionSchema.nullable() }) },
  },
});
