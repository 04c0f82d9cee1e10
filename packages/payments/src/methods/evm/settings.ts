import { webAddress } from '@kiosk/contracts';
import { z } from 'zod';

export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'validation.address');

/** An EVM chain as a payment method: where to read it, how sure to be, where the money goes. */
export const evmSettings = z.object({
  chain_id: z.number().int().positive(),
  /** The chain's JSON-RPC URL; it may hold a provider key, so it never leaves the merchant API. */
  api_host: webAddress,
  explorer_host: webAddress.optional(),
  /** Blocks on top of the paying transaction's block before it counts. */
  confirmation: z.number().int().min(0).max(1_000).default(1),
  receiving_address: evmAddress,
  /**
   * The KioskCollector deployment on this chain (collector/KioskCollector.sol): the contract that
   * holds subscription mandates and moves each cycle's amount. Without it the method takes no
   * subscriptions.
   */
  collector_contract: evmAddress.optional(),
  /**
   * The KioskStake deployment on this chain (stake/KioskStake.sol): where a subscription that asks a
   * stake has its customer lock it. Without it the method's subscriptions take no stake.
   */
  stake_contract: evmAddress.optional(),
});
export type EvmSettings = z.infer<typeof evmSettings>;
