import { z } from 'zod';

/**
 * How a buyer pays a submitted order, one member per kind of rail: the page and the wallet switch on
 * `type`. Amounts are decimal strings of the currency's smallest unit.
 */
export const evmTransferInstructions = z.object({
  type: z.literal('evm_transfer'),
  chain_id: z.number(),
  to: z.string(),
  /** The ERC-20 contract; null for the chain's native coin. */
  token: z.string().nullable(),
  amount: z.string(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

export const paymentInstructionsSchema = z.discriminatedUnion('type', [evmTransferInstructions]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/**
 * What a customer's wallet signs once for a subscription: calls to send in order (an ERC-20 allowance
 * to the collector contract, then the mandate), and the terms to show before signing.
 */
export const evmMandateInstructions = z.object({
  type: z.literal('evm_mandate'),
  chain_id: z.number(),
  /** The collector contract that holds the mandate. */
  contract: z.string(),
  /** The mandate's id (bytes32 hex). */
  mandate_id: z.string(),
  token: z.string(),
  /** The merchant's receiving address: every pull goes there. */
  receiver: z.string(),
  /** The most one cycle may take, and the cycle's length in seconds. */
  max_per_cycle: z.string(),
  cycle_seconds: z.number(),
  /** Unix seconds (chain time): the first pull may happen from `starts_at`, none at or after `expires_at`. */
  starts_at: z.number(),
  expires_at: z.number(),
  /** The allowance the wallet grants: the mandate's lifetime maximum. */
  allowance: z.string(),
  calls: z.array(z.object({ to: z.string(), data: z.string() })),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

export const mandateInstructionsSchema = z.discriminatedUnion('type', [evmMandateInstructions]);
export type MandateInstructions = z.infer<typeof mandateInstructionsSchema>;
