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
