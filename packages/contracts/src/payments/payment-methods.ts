import { idParam, metadata } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { z } from 'zod';

export const currencyInput = z.object({
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(20),
  decimal: z.number().int().min(0).max(36).default(18),
  maximum_precision: z.number().int().min(0).max(36).default(6),
  logo: z.string().max(2_000).nullable().default(null),
  /** The token's contract on its chain; omitted for the chain's native coin. */
  contract: z.string().max(200).nullable().default(null),
  active: z.boolean().default(true),
});

export const currencySchema = currencyInput.extend({
  id: z.string(),
  livemode: z.boolean(),
  payment_method_id: z.string(),
  is_base_currency: z.boolean(),
});
export type PaymentCurrency = z.infer<typeof currencySchema>;

/** `settings` are the method type's own (docs/payments.md); its adapter checks them. */
export const methodSettings = z.record(z.string(), z.unknown());

export const methodInput = z.object({
  type: z.string().min(1).max(40).describe('ethereum, base or evm (any EVM chain by chain id)'),
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1_000).nullable().default(null),
  logo: z.string().max(2_000).nullable().default(null),
  settings: methodSettings,
  active: z.boolean().default(true),
  metadata,
  currencies: z.array(currencyInput).max(50).default([]),
});

export const methodUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(1_000).nullable().optional(),
  logo: z.string().max(2_000).nullable().optional(),
  settings: methodSettings.optional(),
  active: z.boolean().optional(),
  default_currency_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const methodSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  type: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  default_currency_id: z.string().nullable(),
  active: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
  payment_currencies: z.array(currencySchema),
});
export type PaymentMethod = z.infer<typeof methodSchema>;

/**
 * What a method can do as this server has it set up, decided by the method's adapter (so screens ask
 * this instead of knowing rails). On a method: in some currency; on a currency: in that currency.
 * Like Stripe's capabilities, an object, so that a capability added later is a new key.
 */
export const paymentCapabilities = z.object({
  /** Can take a subscription's mandate: the customer authorises future payments once. */
  recurring: z.boolean(),
});
export type PaymentCapabilities = z.infer<typeof paymentCapabilities>;

export const publicCurrencySchema = currencySchema.extend({ capabilities: paymentCapabilities });
export type PublicPaymentCurrency = z.infer<typeof publicCurrencySchema>;

/**
 * A method as buyers' pages see it: its adapter strips the secrets from `settings` and says what it
 * can do, on the method and on each currency.
 */
export const publicMethodSchema = methodSchema.extend({
  capabilities: paymentCapabilities,
  payment_currencies: z.array(publicCurrencySchema),
});
export type PublicPaymentMethod = z.infer<typeof publicMethodSchema>;

/** Payment methods and their currencies (a currency is added to a method by its id). */
export const paymentMethodRoutes = defineRoutes({
  'POST /api/payment-methods': { body: methodInput, response: { 201: methodSchema } },
  'GET /api/payment-methods': {
    response: { 200: z.object({ list: z.array(methodSchema), count: z.number() }) },
  },
  'GET /api/payment-methods/:id': { params: idParam, response: { 200: methodSchema } },
  'PUT /api/payment-methods/:id': { params: idParam, body: methodUpdate, response: { 200: methodSchema } },
  /**
   * The method's rail tells of its payments (a Stripe webhook endpoint's URL): signed by the rail,
   * checked against the method's signing secret; what happened is then read from the rail itself.
   */
  'POST /api/payment-methods/:id/webhook': {
    params: idParam,
    body: z.looseObject({}),
    response: { 200: z.object({ received: z.literal(true) }) },
  },
  'POST /api/payment-currencies': {
    body: currencyInput.extend({ payment_method_id: z.string().min(1).max(64) }),
    response: { 201: currencySchema },
  },
});
