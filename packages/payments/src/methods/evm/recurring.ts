import type { MandateInstructions, PaymentCurrency } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { erc20Abi, getAddress, isAddressEqual, type Address, type Hex, type LocalAccount } from 'viem';
import type { HeldStake, MandateRequest, MandateVerdict, Method, PayerStanding } from '../adapter.ts';
import {
  mandateAuthorization,
  mandateCycleSeconds,
  mandateIdOf,
  mandateRevocation,
  readMandate,
  type MandateTerms,
} from './collector/collector.ts';
import { type EvmSettings } from './settings.ts';
import { findStakeTransaction, readStake, stakeCalls, stakeIdOf, type StakeTerms } from './stake/stake.ts';
import { chainClient } from './verify.ts';

/**
 * Subscriptions on EVM chains through KioskCollector (read collector/KioskCollector.sol's header):
 * the customer's wallet approves an allowance to the contract and creates a mandate naming the
 * server's collector account; each cycle that account pulls the invoice's amount, and the contract
 * keeps every pull within the mandate. This file turns that into the adapter's method-neutral answers.
 */

/** The server's collector account: the only one that may pull, from server configuration. */
export type CollectorAccount = LocalAccount;

export type EvmMethod = Method<EvmSettings>;

/**
 * What taking mandates on this method needs. The contract pulls ERC-20 tokens only (a native coin
 * cannot be approved), and without a collector account nobody could ever pull.
 */
function recurringSetup(
  method: EvmMethod,
  currency: PaymentCurrency,
  collector: CollectorAccount | undefined,
): { contract: Address; token: Address; collector: CollectorAccount } {
  const contract = method.settings.collector_contract;
  if (!contract || !collector || currency.contract === null)
    throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  return { contract: getAddress(contract), token: getAddress(currency.contract), collector };
}

/** The terms a request asks the customer to sign. */
function termsOf(
  method: EvmMethod,
  setup: { token: Address; collector: CollectorAccount },
  request: MandateRequest,
): MandateTerms {
  if (!Number.isInteger(request.cycles) || request.cycles < 1)
    throw new RangeError(`a mandate covers a positive whole number of cycles, got ${request.cycles}`);
  if (request.maxPerCycle <= 0n) throw new RangeError('a mandate must allow more than zero per cycle');
  const cycleSeconds = mandateCycleSeconds(request.recurring.interval, request.recurring.interval_count);
  const startsAt = BigInt(request.startsAt);
  return {
    token: setup.token,
    receiver: getAddress(method.settings.receiving_address),
    collector: setup.collector.address,
    maxPerCycle: request.maxPerCycle,
    cycleSeconds,
    startsAt,
    expiresAt: BigInt(request.expiresAt),
  };
}

/**
 * The longest a customer's notice runs before they may withdraw their stake: one billing cycle, so
 * that an invoice left unpaid meanwhile can still be slashed for, within the contract's 90 days.
 */
const MAX_NOTICE_SECONDS = 90n * 86_400n;

/** The stake a request asks, where and on what terms; undefined when it asks none. */
function stakeOf(
  method: EvmMethod,
  terms: MandateTerms,
  request: MandateRequest,
): { contract: Address; id: Hex; terms: StakeTerms } | undefined {
  if (request.stake === undefined) return undefined;
  const contract = method.settings.stake_contract;
  if (!contract) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  return {
    contract: getAddress(contract),
    id: stakeIdOf(request.subscriptionId),
    terms: {
      token: terms.token,
      receiver: terms.receiver,
      operator: terms.collector,
      amount: request.stake,
      noticeSeconds: terms.cycleSeconds < MAX_NOTICE_SECONDS ? terms.cycleSeconds : MAX_NOTICE_SECONDS,
    },
  };
}

/** What `payer` allows the contract today; a chain that cannot answer is the buyer's to retry. */
export async function readEvmPayer(
  method: EvmMethod,
  currency: PaymentCurrency,
  payer: Address | undefined,
  collector: CollectorAccount | undefined,
): Promise<PayerStanding> {
  const setup = recurringSetup(method, currency, collector);
  if (!payer) return { committed: 0n };
  try {
    const committed = await chainClient(method.settings).readContract({
      address: setup.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [payer, setup.contract],
    });
    return { committed };
  } catch {
    throw new KioskError('MANDATE_RAIL_UNREACHABLE', { status: 503 });
  }
}

/** What the request's cycles can take in all, never more. */
const lifetimeOf = (request: MandateRequest): bigint => request.maxPerCycle * BigInt(request.cycles);

/**
 * The calls the customer's wallet sends. An ERC-20 approval sets the allowance rather than adding to
 * it, and one allowance to the contract serves all the payer's mandates in that token: so the wallet
 * approves what it allows today (`payer`, read at `latest`) plus this mandate's lifetime, or a second
 * subscription would take away what the first still needs. A pull landing between that read and the
 * approval leaves the allowance one cycle higher than needed, never lower.
 */
export function evmMandateInstructions(
  method: EvmMethod,
  currency: PaymentCurrency,
  request: MandateRequest,
  payer: PayerStanding | undefined,
  collector: CollectorAccount | undefined,
): MandateInstructions {
  const setup = recurringSetup(method, currency, collector);
  const terms = termsOf(method, setup, request);
  const id = mandateIdOf(request.renewal?.key ?? request.subscriptionId);
  const allowance = (payer?.committed ?? 0n) + lifetimeOf(request);
  const staking = stakeOf(method, terms, request);
  return {
    type: 'evm_mandate',
    chain_id: method.settings.chain_id,
    contract: setup.contract,
    mandate_id: id,
    token: terms.token,
    receiver: terms.receiver,
    max_per_cycle: terms.maxPerCycle.toString(),
    cycle_seconds: Number(terms.cycleSeconds),
    starts_at: Number(terms.startsAt),
    expires_at: Number(terms.expiresAt),
    allowance: allowance.toString(),
    // What the buyer's text says: this mandate's own cycles and interval, not the whole allowance's.
    cycles: request.cycles,
    interval: request.recurring.interval,
    interval_count: request.recurring.interval_count,
    calls: [
      ...mandateAuthorization({ collectorContract: setup.contract, id, terms, allowance }),
      // The replaced mandate goes only once the new one is in: a wallet that stops halfway leaves the
      // subscription collectable.
      ...(request.renewal?.replaces
        ? [mandateRevocation(setup.contract, request.renewal.replaces.id as Hex)]
        : []),
      ...(staking ? stakeCalls(staking.contract, staking.id, staking.terms) : []),
    ],
    ...(staking && {
      stake: {
        contract: staking.contract,
        stake_id: staking.id,
        amount: staking.terms.amount.toString(),
        notice_seconds: Number(staking.terms.noticeSeconds),
      },
    }),
    currency_id: currency.id,
    decimal: currency.decimal,
    symbol: currency.symbol,
  };
}

/**
 * Reads the mandate the request asked for and accepts it as asked, or with more room for the
 * merchant that the customer signed themselves (a higher maximum, a later expiry); anything else the
 * browser could have changed before the wallet signed is refused. `payer` is the signed-in customer's address (undefined when their DID
 * names no EVM account).
 */
export async function verifyEvmMandate(
  method: EvmMethod,
  currency: PaymentCurrency,
  request: MandateRequest & { payer: Address | undefined },
  collector: CollectorAccount | undefined,
): Promise<MandateVerdict> {
  const setup = recurringSetup(method, currency, collector);
  const asked = termsOf(method, setup, request);
  const client = chainClient(method.settings);
  // One block for every read, and its timestamp for "now": the contract's clock is the chain's.
  const block = await client.getBlock({ blockTag: 'latest' });
  const mandate = await readMandate(
    client,
    setup.contract,
    mandateIdOf(request.renewal?.key ?? request.subscriptionId),
    block.number,
  );
  if (!mandate) return { outcome: 'pending', reason: 'NOT_FOUND' };
  if (!request.payer || !isAddressEqual(request.payer, mandate.payer))
    return { outcome: 'rejected', reason: 'WRONG_PAYER' };
  const asAsked =
    isAddressEqual(mandate.token, asked.token) &&
    isAddressEqual(mandate.receiver, asked.receiver) &&
    isAddressEqual(mandate.collector, asked.collector) &&
    mandate.cycleSeconds === asked.cycleSeconds &&
    mandate.startsAt === asked.startsAt &&
    mandate.maxPerCycle >= asked.maxPerCycle &&
    mandate.expiresAt >= asked.expiresAt;
  if (!asAsked) return { outcome: 'rejected', reason: 'MANDATE_MISMATCH' };
  if (mandate.revoked) return { outcome: 'rejected', reason: 'MANDATE_REVOKED' };
  if (block.timestamp >= mandate.expiresAt) return { outcome: 'rejected', reason: 'MANDATE_EXPIRED' };
  const allowance = await client.readContract({
    address: mandate.token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [mandate.payer, setup.contract],
    blockNumber: block.number,
  });
  if (allowance < asked.maxPerCycle) return { outcome: 'rejected', reason: 'ALLOWANCE_INSUFFICIENT' };
  const staking = stakeOf(method, asked, request);
  const held = staking && (await heldStake(client, staking, mandate.payer, block.number));
  if (held && 'outcome' in held) return held;
  return {
    outcome: 'authorized',
    ...(held && { stake: held }),
    id: mandate.id,
    payer: getAddress(mandate.payer),
    details: {
      contract: setup.contract,
      token: getAddress(mandate.token),
      receiver: getAddress(mandate.receiver),
      collector: getAddress(mandate.collector),
      max_per_cycle: mandate.maxPerCycle.toString(),
      cycle_seconds: mandate.cycleSeconds.toString(),
      starts_at: mandate.startsAt.toString(),
      expires_at: mandate.expiresAt.toString(),
      chain_id: method.settings.chain_id.toString(),
      // Every pull of this mandate comes after this block (the server pulls only verified mandates),
      // so looking for a past pull starts here instead of at the chain's genesis.
      verified_block: block.number.toString(),
    },
  };
}

/**
 * The stake the request asked, read at the mandate's block: accepted when the payer staked at least
 * the amount on the asked terms (a longer notice is theirs to give), and has not given notice.
 */
async function heldStake(
  client: ReturnType<typeof chainClient>,
  staking: { contract: Address; id: Hex; terms: StakeTerms },
  payer: Address,
  blockNumber: bigint,
): Promise<HeldStake | Exclude<MandateVerdict, { outcome: 'authorized' }>> {
  const { contract, id, terms } = staking;
  const stake = await readStake(client, contract, id, blockNumber);
  if (!stake) return { outcome: 'pending', reason: 'NOT_FOUND' };
  const asAsked =
    isAddressEqual(stake.staker, payer) &&
    isAddressEqual(stake.token, terms.token) &&
    isAddressEqual(stake.receiver, terms.receiver) &&
    isAddressEqual(stake.operator, terms.operator) &&
    stake.noticeSeconds >= terms.noticeSeconds &&
    (stake.closed || stake.amount >= terms.amount);
  if (!asAsked) return { outcome: 'rejected', reason: 'STAKE_MISMATCH' };
  if (stake.closed || stake.withdrawableAt !== 0n) return { outcome: 'rejected', reason: 'STAKE_REVOKED' };
  const txHash = await findStakeTransaction(client, contract, id, blockNumber);
  return {
    id,
    amount: stake.amount,
    details: {
      contract,
      staker: getAddress(stake.staker),
      token: getAddress(stake.token),
      notice_seconds: stake.noticeSeconds.toString(),
      // What happens to it later is looked for from here on (stake-operator.ts).
      verified_block: blockNumber.toString(),
      ...(txHash && { tx_hash: txHash.toLowerCase() }),
    },
  };
}
