import { z } from 'zod';
import { evmAddress, metadata } from '../schemas.ts';

export const EVM_METHOD_TYPES = ['ethereum', 'base', 'evm'] as const;

export const evmSettings = z.object({
  chain_id: z.number().int().positive(),
  /** The chain's JSON-RPC URL; it may hold a provider key, so it never leaves the merchant API. */
  api_host: z.url({ protocol: /^https?$/ }),
  explorer_host: z.url({ protocol: /^https?$/ }).optional(),
  /** Blocks on top of the paying transaction's block before it counts. */
  confirmation: z.number().int().min(0).max(1_000).default(1),
  receiving_address: evmAddress,
});
export type EvmSettings = z.infer<typeof evmSettings>;

export const currencyInput = z.object({
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(20),
  decimal: z.number().int().min(0).max(36).default(18),
  maximum_precision: z.number().int().min(0).max(36).default(6),
  logo: z.string().max(2_000).nullable().default(null),
  /** ERC-20 contract; omitted for the chain's native coin. */
  contract: evmAddress.nullable().default(null),
  active: z.boolean().default(true),
});

export const currencySchema = currencyInput.extend({
  id: z.string(),
  livemode: z.boolean(),
  payment_method_id: z.string(),
  is_base_currency: z.boolean(),
});
export type PaymentCurrency = z.infer<typeof currencySchema>;

export const methodInput = z.object({
  type: z.enum(EVM_METHOD_TYPES),
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1_000).nullable().default(null),
  logo: z.string().max(2_000).nullable().default(null),
  settings: evmSettings,
  active: z.boolean().default(true),
  metadata,
  currencies: z.array(currencyInput).max(50).default([]),
});

export const methodUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(1_000).nullable().optional(),
  logo: z.string().max(2_000).nullable().optional(),
  settings: evmSettings.optional(),
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
