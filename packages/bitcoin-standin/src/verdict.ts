import type { TxRecord } from './chain.ts';

/** Bitcoin Core's sendrawtransaction error codes the stand-in answers with. */
export const RPC = {
  DESERIALIZATION_ERROR: -22,
  TRANSACTION_ERROR: -25,
  TRANSACTION_REJECTED: -26,
  TRANSACTION_ALREADY_IN_CHAIN: -27,
} as const;

/** What becomes of a broadcast transaction, and why. */
export type Verdict =
  | { kind: 'accept'; record: TxRecord; replaces: string[] }
  /** Already waiting in the mempool: Core answers its txid again. */
  | { kind: 'known'; txid: string }
  | { kind: 'refuse'; code: number; message: string };

export const refuse = (
  reason: string,
  detail?: string,
  code: number = RPC.TRANSACTION_REJECTED,
): Verdict => ({
  kind: 'refuse',
  code,
  message: detail ? `${reason}, ${detail}` : reason,
});

/** Core's default minimum relay fee: 1 sat/vB (and its incremental relay fee for replacements). */
export const MIN_RELAY_SATS_PER_VB = 1n;
