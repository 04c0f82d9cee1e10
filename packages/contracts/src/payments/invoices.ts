import { LOCALES } from '@kiosk/core';
import { z } from 'zod';
import { idParam, MAX_PAGE_SIZE, pageQuery, queryFlag } from '../common.ts';
import { defineRoutes } from '../route.ts';

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
/** Accepted for Payment Kit's clients; Kiosk has no recovered-from invoices to add yet. */
const noEffectYet = queryFlag.describe('No effect yet');

export const invoiceListQuery = pageQuery.extend({
  // Seed 001 §9: invoice lists show ten at a time.
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  status: z
    .string()
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(INVOICE_STATUSES)))
    .optional()
    .describe(`Comma-separated: ${INVOICE_STATUSES.join(', ')}`),
  customer_id: z.string().max(64).optional(),
  currency_id: z.string().max(64).optional(),
  subscription_id: z.string().max(64).optional(),
  include_staking: queryFlag.describe('Also list stake invoices (left out by default: they move no money)'),
  include_return_staking: queryFlag.describe('Also list invoices that return a stake'),
  include_recovered_from: noEffectYet,
  ignore_zero: queryFlag.describe('Leave out invoices whose total is 0'),
});

export const invoiceSchema = z.object({
  id: z.string(),
  object: z.literal('invoice'),
  livemode: z.boolean(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  billing_reason: z.string(),
  description: z.string().nullable(),
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  checkout_session_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  currency_id: z.string(),
  subtotal: z.string(),
  total: z.string(),
  amount_due: z.string(),
  amount_paid: z.string(),
  amount_remaining: z.string(),
  lines: z.array(z.unknown()),
  period_start: z.number().nullable(),
  period_end: z.number().nullable(),
  status_transitions: z.record(z.string(), z.number()),
  /** Collection attempts so far, when the next one is due (null: none scheduled), and why the last failed. */
  attempt_count: z.number(),
  next_payment_attempt: z.number().nullable(),
  last_payment_error: z.object({ code: z.string() }).nullable(),
  /**
   * The buyer as they were when the invoice was made (at its checkout, else the customer's details
   * then): a later purchase under other details does not change them. Null where not given (and on
   * invoices made before they were kept).
   */
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  customer_address: z.record(z.string(), z.string()).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /api/invoices/:id/pdf`: the PDF's language; without it, the request's (its cookie, Accept-Language). */
export const invoicePdfQuery = z.object({ lang: z.enum(LOCALES).optional() });

/** The invoice as a PDF document (`application/pdf`, sent as an attachment). */
export const invoicePdfBytes = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'A PDF document (application/pdf)' });

/** Merchants read every invoice of the mode; buyers only their own (the server enforces which). */
export const invoiceRoutes = defineRoutes({
  'GET /api/invoices/:id': { params: idParam, response: { 200: invoiceSchema } },
  /** The invoice as a PDF, in `lang` (en, zh); who may read it is who may read the invoice. */
  'GET /api/invoices/:id/pdf': {
    params: idParam,
    querystring: invoicePdfQuery,
    response: { 200: invoicePdfBytes },
  },
  /** Merchant: nothing is owed any more (an open or uncollectible invoice); final. */
  'PUT /api/invoices/:id/void': { params: idParam, response: { 200: invoiceSchema } },
  /** Merchant: stop collecting an open invoice; it stays payable (past due). */
  'PUT /api/invoices/:id/mark-uncollectible': { params: idParam, response: { 200: invoiceSchema } },
});
