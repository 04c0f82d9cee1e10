import { KioskError } from '@kiosk/core';
import { getAddress, parseEventLogs, type Address, type Hex, type PublicClient } from 'viem';
import { z } from 'zod';
import type { StakeReturn, StakeSlash, StakeStanding } from '../adapter.ts';
import { collectorWallet, oneAtATime } from './collection.ts';
import type { CollectorAccount, EvmMethod } from './recurring.ts';
import { kioskStakeAbi, readStake, slashRefOf } from './stake/stake.ts';
import { chainClient } from './verify.ts';

/**
 * What the server's collector account does to a subscription's stake as its operator: give it back
 * when the subscription ends, slash it for overdue invoices. Both are idempotent by the chain's own
 * events, so a retry after a crash never moves a stake twice.
 */

/** A held stake's details as verifyEvmMandate wrote them. */
const heldDetails = z.object({
  contract: z.string().transform((address) => getAddress(address)),
  verified_block: z
    .string()
    .regex(/^\d+$/)
    .transform((block) => BigInt(block)),
});

/**
 * Returns a subscription's stake to its staker as the operator (the server's collector account), in
 * the collector's queue of transactions. A stake closed already is answered from its own events: the
 * return that closed it, or what else did (the staker's withdrawal, a slash to nothing).
 */
export async function returnEvmStake(
  method: EvmMethod,
  stake: { id: string; details: Record<string, string> },
  collector: CollectorAccount | undefined,
): Promise<StakeReturn> {
  if (!collector) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const { contract, verified_block: fromBlock } = heldDetails.parse(stake.details);
  const id = stake.id as Hex;
  const client = chainClient(method.settings);
  return oneAtATime(collector.address, async () => {
    const held = await readStake(client, contract, id);
    if (!held) throw new Error(`stake ${id} is not on ${contract}`);
    if (held.closed) return howItClosed(client, contract, id, fromBlock);
    const wallet = collectorWallet(method.settings, collector);
    const { request } = await client.simulateContract({
      address: contract,
      abi: kioskStakeAbi,
      functionName: 'returnStake',
      args: [id],
      account: wallet.account,
    });
    const hash = await wallet.writeContract(request);
    const receipt = await client.waitForTransactionReceipt({ hash });
    // Reverted: something closed it between the read and the block (the staker's withdrawal).
    if (receipt.status !== 'success') return howItClosed(client, contract, id, fromBlock);
    const [returned] = parseEventLogs({
      abi: kioskStakeAbi,
      eventName: 'Returned',
      logs: receipt.logs.filter((log) => log.address.toLowerCase() === contract.toLowerCase()),
    });
    if (!returned) throw new Error(`return of stake ${id} logged no Returned event`);
    return { outcome: 'returned', amount: returned.args.amount, reference: hash.toLowerCase() };
  });
}

/** Where a subscription's stake stands: the staker may give notice or withdraw without the server. */
export async function evmStakeStanding(
  method: EvmMethod,
  stake: { id: string; details: Record<string, string> },
): Promise<StakeStanding> {
  const { contract } = heldDetails.parse(stake.details);
  const held = await readStake(chainClient(method.settings), contract, stake.id as Hex);
  if (!held || held.closed) return 'closed';
  return held.withdrawableAt === 0n ? 'held' : 'leaving';
}

/** What closed a stake, from its events since it was verified. */
async function howItClosed(
  client: PublicClient,
  contract: Address,
  id: Hex,
  fromBlock: bigint,
): Promise<StakeReturn> {
  const since = { address: contract, abi: kioskStakeAbi, args: { id }, fromBlock } as const;
  const [returned] = await client.getContractEvents({ ...since, eventName: 'Returned' });
  if (returned)
    return {
      outcome: 'returned',
      amount: returned.args.amount!,
      reference: returned.transactionHash.toLowerCase(),
    };
  const withdrawn = await client.getContractEvents({ ...since, eventName: 'Withdrawn' });
  return { outcome: 'gone', reason: withdrawn.length > 0 ? 'WITHDRAWN' : 'SLASHED' };
}

/**
 * Slashes `amount` of a subscription's stake to the merchant's receiver for the invoice `ref` names,
 * as the operator, in the collector's queue. Idempotent per `ref`: a slash the chain already logged
 * for it is answered as it was made, never made twice.
 */
export async function slashEvmStake(
  method: EvmMethod,
  stake: { id: string; details: Record<string, string> },
  slash: { amount: bigint; ref: string },
  collector: CollectorAccount | undefined,
): Promise<StakeSlash> {
  if (!collector) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const { contract, verified_block: fromBlock } = heldDetails.parse(stake.details);
  const id = stake.id as Hex;
  const ref = slashRefOf(slash.ref);
  const client = chainClient(method.settings);
  return oneAtATime(collector.address, async () => {
    const [made] = await client.getContractEvents({
      address: contract,
      abi: kioskStakeAbi,
      eventName: 'Slashed',
      args: { id, ref },
      fromBlock,
    });
    if (made)
      return { outcome: 'slashed', amount: made.args.amount!, reference: made.transactionHash.toLowerCase() };
    const held = await readStake(client, contract, id);
    if (!held || held.closed) return { outcome: 'refused', reason: 'STAKE_CLOSED' };
    if (held.amount < slash.amount) return { outcome: 'refused', reason: 'STAKE_TOO_LOW' };
    const wallet = collectorWallet(method.settings, collector);
    const { request } = await client.simulateContract({
      address: contract,
      abi: kioskStakeAbi,
      functionName: 'slash',
      args: [id, slash.amount, ref],
      account: wallet.account,
    });
    const hash = await wallet.writeContract(request);
    const receipt = await client.waitForTransactionReceipt({ hash });
    // Reverted: the staker withdrew or another slash took it between the read and the block.
    if (receipt.status !== 'success') return { outcome: 'refused', reason: 'STAKE_CLOSED' };
    return { outcome: 'slashed', amount: slash.amount, reference: hash.toLowerCase() };
  });
}
