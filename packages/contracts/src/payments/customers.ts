import { z } from 'zod';
import { customerSchema } from './checkout-sessions.ts';
import { idParam, listOf, pageQuery, queryFlag } from '../common.ts';
import { defineRoutes } from '../route.ts';

export const customerListQuery = pageQuery.extend({
  did: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  /** The dashboard's search: a part of the name, email or DID, in any case. */
  q: z.string().trim().max(254).optional(),
});

export const moneyByCurrency = z.record(z.string(), z.string());
/** What a customer has paid (paid invoices) and owes (open and uncollectible ones), per currency. */
export const customerSummarySchema = z.object({ paid: moneyByCurrency, due: moneyByCurrency });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** The caller's own customer; with `fallback`, a not-yet-saved one (id and times null) built from the caller. */
export const myCustomerSchema = customerSchema.extend({
  id: z.string().nullable(),
  created_at: z.number().nullable(),
  updated_at: z.number().nullable(),
  summary: customerSummarySchema.optional(),
});
export type MyCustomer = z.infer<typeof myCustomerSchema>;

export const customerRoutes = defineRoutes({
  'GET /api/customers/me': {
    querystring: z.object({
      skipSummary: queryFlag,
      fallback: queryFlag.describe('Answer a customer with id null instead of 404 when there is none yet'),
    }),
    response: { 200: myCustomerSchema },
  },
  // Seed 000 §7: a page asks to copy the customer into the user's personal data space. Kiosk keeps
  // no such space, so there is nothing to sync: done at once.
  'POST /api/customers/sync-to-space': { response: { 204: z.null() } },
  'GET /api/customers': { querystring: customerListQuery, response: { 200: listOf(customerSchema) } },
  'GET /api/customers/:id': {
    params: idParam,
    querystring: z.object({
      summary: queryFlag.describe("Add the customer's paid and owed sums per currency"),
    }),
    response: { 200: customerSchema.extend({ summary: customerSummarySchema.optional() }) },
  },
});
