import { erc20Abi, isAddressEqual, type Address, type Hex, type PublicClient } from 'viem';
import { readMandate, type Mandate } from './mandate.ts';

/**
 * Before a pull, the server reads on chain whether it would pass — the seed's `balance.sufficient` and
 * `delegation.sufficient` — so a pull that must fail is not sent (and paid for), and the invoice is
 * failed with the reason. The checks and their order are the contract's own (KioskCollector.collect);
 * the contract still decides, and a pull can fail after a "ready" (the customer acts in between).
 */

/** Why a pull would be refused; the billing engine treats each as a failed payment. */
export type ReadinessRefusal =
  /** No mandate under this id on this contract. */
  | 'MANDATE_NOT_FOUND'
  /** The mandate is not the one the server expects (another payer, token, receiver or collector). */
  | 'MANDATE_MISMATCH'
  | 'MANDATE_REVOKED'
  | 'MANDATE_EXPIRED'
  /** Zero, or more than the mandate's maximum per cycle. */
  | 'AMOUNT_OUTSIDE_MANDATE'
  /** The customer lowered or used up the allowance to the collector contract. */
  | 'ALLOWANCE_INSUFFICIENT'
  | 'BALANCE_INSUFFICIENT';

/** The payer's funds as the pull would see them. */
export interface Funds {
  balance: { amount: bigint; sufficient: boolean };
  /** The ERC-20 allowance to the collector contract: the delegation. */
  delegation: { allowance: bigint; sufficient: boolean };
}

export type CollectionReadiness =
  | { outcome: 'ready'; mandate: Mandate; cycle: bigint; funds: Funds }
  /** Not refused, too early: the mandate has not started, or this cycle was collected already. */
  | {
      outcome: 'waiting';
      reason: 'MANDATE_NOT_STARTED' | 'CYCLE_COLLECTED';
      mandate: Mandate;
      /** Chain time (unix seconds) from which a pull can pass. */
      retryAt: bigint;
      funds: Funds;
    }
  | { outcome: 'refused'; reason: 'MANDATE_NOT_FOUND' }
  | { outcome: 'refused'; reason: 'MANDATE_MISMATCH'; mandate: Mandate; fields: (keyof Expected)[] }
  | {
      outcome: 'refused';
      reason: Exclude<ReadinessRefusal, 'MANDATE_NOT_FOUND' | 'MANDATE_MISMATCH'>;
      mandate: Mandate;
      funds: Funds;
    };

/** What the server recorded when the customer authorised; any of it that differs on chain refuses. */
export interface Expected {
  payer?: Address;
  token?: Address;
  receiver?: Address;
  collector?: Address;
}

/**
 * Whether pulling `amount` under mandate `id` would pass now. Everything is read at the latest block.
 * The contract judges time by the block a pull is mined in, which comes after the latest one: on an
 * idle chain (a local one mines only for a transaction) the latest block can lie in a cycle long
 * gone, so time is judged at `now` (the server's clock, unix seconds) when that is later than the
 * block's. Throws when the chain cannot be asked.
 */
export async function collectionReadiness(
  client: PublicClient,
  collectorContract: Address,
  query: { id: Hex; amount: bigint; expected?: Expected; now?: bigint },
): Promise<CollectionReadiness> {
  const block = await client.getBlock({ blockTag: 'latest' });
  const blockNumber = block.number;
  const mandate = await readMandate(client, collectorContract, query.id, blockNumber);
  if (!mandate) return { outcome: 'refused', reason: 'MANDATE_NOT_FOUND' };

  const expected = query.expected ?? {};
  const fields = (Object.keys(expected) as (keyof Expected)[]).filter(
    (field) => expected[field] !== undefined && !isAddressEqual(expected[field], mandate[field]),
  );
  if (fields.length > 0) return { outcome: 'refused', reason: 'MANDATE_MISMATCH', mandate, fields };

  const token = { address: mandate.token, abi: erc20Abi, blockNumber } as const;
  const [balance, allowance] = await Promise.all([
    client.readContract({ ...token, functionName: 'balanceOf', args: [mandate.payer] }),
    client.readContract({ ...token, functionName: 'allowance', args: [mandate.payer, collectorContract] }),
  ]);
  const { amount } = query;
  const funds: Funds = {
    balance: { amount: balance, sufficient: balance >= amount },
    delegation: { allowance, sufficient: allowance >= amount },
  };

  const now = query.now !== undefined && query.now > block.timestamp ? query.now : block.timestamp;
  const refused = (reason: Exclude<ReadinessRefusal, 'MANDATE_NOT_FOUND' | 'MANDATE_MISMATCH'>) =>
    ({ outcome: 'refused', reason, mandate, funds }) as const;
  if (mandate.revoked) return refused('MANDATE_REVOKED');
  if (now < mandate.startsAt)
    return { outcome: 'waiting', reason: 'MANDATE_NOT_STARTED', mandate, retryAt: mandate.startsAt, funds };
  if (now >= mandate.expiresAt) return refused('MANDATE_EXPIRED');
  if (amount <= 0n || amount > mandate.maxPerCycle) return refused('AMOUNT_OUTSIDE_MANDATE');
  const cycle = (now - mandate.startsAt) / mandate.cycleSeconds;
  if (cycle < mandate.nextCycle) {
    const retryAt = mandate.startsAt + mandate.nextCycle * mandate.cycleSeconds;
    return { outcome: 'waiting', reason: 'CYCLE_COLLECTED', mandate, retryAt, funds };
  }
  if (!funds.delegation.sufficient) return refused('ALLOWANCE_INSUFFICIENT');
  if (!funds.balance.sufficient) return refused('BALANCE_INSUFFICIENT');
  return { outcome: 'ready', mandate, cycle, funds };
}
