import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  stringToHex,
  type Address,
  type BlockNumber,
  type Hex,
  type PublicClient,
} from 'viem';
import { kioskCollectorAbi } from './collector-abi.ts';

/** A KioskCollector mandate: its terms, its ids, the customer's wallet calls and reading it back. */

/** What a mandate allows, as the customer signs it. Times are unix seconds of chain time. */
export interface MandateTerms {
  token: Address;
  /** The merchant's receiving address: every pull goes there and nowhere else. */
  receiver: Address;
  /** The only account that may pull: the server's collector account. */
  collector: Address;
  maxPerCycle: bigint;
  cycleSeconds: bigint;
  /** Cycle 0 begins here; cycles are fixed windows of `cycleSeconds` from it. */
  startsAt: bigint;
  /** No pull at or after this time. */
  expiresAt: bigint;
}

export interface Mandate extends MandateTerms {
  id: Hex;
  /** The account that signed it, whose tokens it draws. */
  payer: Address;
  revoked: boolean;
  /** The first cycle not yet collected. */
  nextCycle: bigint;
}

/** A transaction for the customer's wallet to sign and send as it is (no value). */
export interface WalletCall {
  to: Address;
  data: Hex;
}

/** The mandate id of a subscription: the server finds its mandate again from its own record. */
export function mandateIdOf(subscriptionId: string): Hex {
  return keccak256(stringToHex(subscriptionId));
}

/** The `ref` a pull carries in its Collected event: the server matches the event to its invoice by it. */
export function collectionRefOf(invoiceId: string): Hex {
  return keccak256(stringToHex(invoiceId));
}

/**
 * The most the mandate can ever take: `maxPerCycle` for every cycle that begins before it expires.
 * Approving this much (rather than an unlimited allowance) keeps the customer's exposure at what they
 * signed even if the contract were wrong.
 */
export function lifetimeAllowance(terms: MandateTerms): bigint {
  const span = terms.expiresAt - terms.startsAt;
  return terms.maxPerCycle * ((span + terms.cycleSeconds - 1n) / terms.cycleSeconds);
}

/**
 * The customer's wallet transactions, in order: the ERC-20 allowance to the collector contract, then
 * the mandate. Some tokens (USDT on Ethereum) refuse to change one non-zero allowance into another,
 * so a non-zero `currentAllowance` is first set back to zero.
 */
export function mandateAuthorization(options: {
  collectorContract: Address;
  id: Hex;
  terms: MandateTerms;
  allowance?: bigint;
  currentAllowance?: bigint;
}): WalletCall[] {
  const { collectorContract, id, terms } = options;
  const allowance = options.allowance ?? lifetimeAllowance(terms);
  const approve = (amount: bigint): WalletCall => ({
    to: terms.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [collectorContract, amount] }),
  });
  const calls: WalletCall[] = [];
  const current = options.currentAllowance ?? 0n;
  if (current !== 0n && current !== allowance) calls.push(approve(0n));
  if (current !== allowance) calls.push(approve(allowance));
  calls.push({
    to: collectorContract,
    data: encodeFunctionData({
      abi: kioskCollectorAbi,
      functionName: 'createMandate',
      args: [
        id,
        terms.token,
        terms.receiver,
        terms.collector,
        terms.maxPerCycle,
        terms.cycleSeconds,
        terms.startsAt,
        terms.expiresAt,
      ],
    }),
  });
  return calls;
}

/** The customer's wallet transaction that ends a mandate for good. */
export function mandateRevocation(collectorContract: Address, id: Hex): WalletCall {
  return {
    to: collectorContract,
    data: encodeFunctionData({ abi: kioskCollectorAbi, functionName: 'revokeMandate', args: [id] }),
  };
}

/** The mandate as the chain holds it (at `blockNumber`, else the latest block); undefined for an unknown id. */
export async function readMandate(
  client: PublicClient,
  collectorContract: Address,
  id: Hex,
  blockNumber?: BlockNumber,
): Promise<Mandate | undefined> {
  const stored = await client.readContract({
    address: collectorContract,
    abi: kioskCollectorAbi,
    functionName: 'getMandate',
    args: [id],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
  if (/^0x0{40}$/.test(stored.payer)) return undefined;
  return {
    id,
    payer: stored.payer,
    token: stored.token,
    receiver: stored.receiver,
    collector: stored.collector,
    maxPerCycle: stored.maxPerCycle,
    cycleSeconds: stored.cycleLength,
    startsAt: stored.startsAt,
    expiresAt: stored.expiresAt,
    revoked: stored.revoked,
    nextCycle: stored.nextCycle,
  };
}
