import type { PaymentCurrency } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import {
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  isAddressEqual,
  parseEventLogs,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { z } from 'zod';
import type { CollectFailure, CollectVerdict, StoredMandate } from '../adapter.ts';
import {
  collect,
  collectionReadiness,
  collectionRefOf,
  findCollection,
  type CollectorErrorName,
  type SigningWallet,
} from './collector/collector.ts';
import type { CollectorAccount, EvmMethod } from './recurring.ts';
import { evmAddress, type EvmSettings } from './settings.ts';
import { chainClient } from './verify.ts';

/** A stored mandate's details as verifyEvmMandate wrote them. */
const checksummed = evmAddress.transform((address) => getAddress(address));

const storedDetails = z.object({
  contract: checksummed,
  token: checksummed,
  receiver: checksummed,
  collector: checksummed,
  verified_block: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .transform((block) => BigInt(block ?? 0)),
});

const mandateId = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/** Refusals no retry can fix: the customer must sign a new mandate. */
const FINAL_FAILURES = new Set<CollectFailure>([
  'MANDATE_REVOKED',
  'MANDATE_EXPIRED',
  'MANDATE_NOT_FOUND',
  'MANDATE_MISMATCH',
]);

const failed = (reason: CollectFailure): CollectVerdict => ({
  outcome: 'failed',
  reason,
  final: FINAL_FAILURES.has(reason),
});

/** The contract's refusal of a pull that readiness let through (the customer acted in between). */
const PULL_REFUSALS: Partial<Record<CollectorErrorName | 'TX_FAILED', CollectFailure>> = {
  MandateNotFound: 'MANDATE_NOT_FOUND',
  NotCollector: 'MANDATE_MISMATCH',
  Revoked: 'MANDATE_REVOKED',
  Expired: 'MANDATE_EXPIRED',
  ZeroAmount: 'AMOUNT_OUTSIDE_MANDATE',
  AboveMaximum: 'AMOUNT_OUTSIDE_MANDATE',
  AllowanceTooLow: 'ALLOWANCE_INSUFFICIENT',
  BalanceTooLow: 'BALANCE_INSUFFICIENT',
};

/**
 * Takes `charge.amount` for an invoice under a stored mandate: a pull already made for the invoice is
 * answered as it is; otherwise the chain is asked whether the pull would pass, and only then is it
 * sent as the collector account.
 */
export async function collectUnderEvmMandate(
  method: EvmMethod,
  currency: PaymentCurrency,
  stored: StoredMandate,
  charge: { invoiceId: string; amount: bigint; now: number },
  collector: CollectorAccount | undefined,
): Promise<CollectVerdict> {
  if (!collector) throw new KioskError('RECURRING_NOT_CONFIGURED', { status: 400 });
  const details = storedDetails.parse(stored.details);
  // A mandate names one collector for good. A server whose key changed cannot pull it, but that is
  // the operator's mistake, not a failed payment to blame on the customer: it is thrown, not answered.
  if (!isAddressEqual(details.collector, collector.address))
    throw new Error(
      `the collector key's account ${collector.address} is not mandate ${stored.id}'s collector ${details.collector}`,
    );
  // The invoice is in another currency than the mandate's token: no pull of this mandate can pay it.
  if (currency.contract?.toLowerCase() !== details.token.toLowerCase()) return failed('MANDATE_MISMATCH');
  const pull: Pull = {
    client: chainClient(method.settings),
    contract: details.contract,
    id: mandateId.parse(stored.id) as Hex,
    payer: getAddress(stored.payer),
    token: details.token,
    receiver: details.receiver,
    fromBlock: details.verified_block,
  };
  // Several server processes must not share one collector account (each needs its own, or the
  // pulls must run as one single-concurrency job, as the billing engine runs them): this queue only
  // orders the pulls of this process.
  const wallet = collectorWallet(method.settings, collector);
  return oneAtATime(collector.address, () => pullOnce(pull, charge, wallet));
}

async function pullOnce(
  pull: Pull,
  charge: { invoiceId: string; amount: bigint; now: number },
  wallet: SigningWallet,
): Promise<CollectVerdict> {
  const { client, contract, id } = pull;
  const ref = collectionRefOf(charge.invoiceId);
  const found = await findCollection(client, contract, { id, ref, fromBlock: pull.fromBlock });
  if (found) {
    const amount = await transferredBy(client, found.txHash, pull);
    return received(pull, {
      txHash: found.txHash,
      blockNumber: found.blockNumber,
      cycle: found.cycle,
      amount,
    });
  }

  // Judged at the server's time too: an idle chain's latest block may lie in the cycle already
  // collected, while the pull's own block will be mined now (the pull is then simulated in it).
  const readiness = await collectionReadiness(client, contract, {
    id,
    amount: charge.amount,
    now: BigInt(charge.now),
    expected: {
      payer: pull.payer,
      token: pull.token,
      receiver: pull.receiver,
      collector: wallet.account.address,
    },
  });
  if (readiness.outcome === 'waiting') return { outcome: 'waiting', retryAt: Number(readiness.retryAt) };
  if (readiness.outcome === 'refused') return failed(readiness.reason);

  const outcome = await collect({
    client,
    wallet,
    collectorContract: contract,
    id,
    amount: charge.amount,
    ref,
  });
  if (outcome.outcome === 'collected')
    // The contract moved exactly `amount`; a fee-on-transfer token may deliver less, and the engine
    // decides what that pays, so the answer is what the token says arrived.
    return received(pull, {
      txHash: outcome.txHash,
      blockNumber: outcome.blockNumber,
      cycle: outcome.cycle,
      amount: outcome.transfer.value,
    });
  // Another pull of this cycle got in first (another process, a pull whose receipt was lost): the
  // next try finds it under its invoice, or the next cycle is due then. Or the chain's clock is behind
  // the server's, and the time answered has passed already: the billing engine tries again soon.
  if (outcome.reason === 'CycleCollected') return { outcome: 'waiting', retryAt: Number(outcome.args[2]) };
  if (outcome.reason === 'NotStarted') return { outcome: 'waiting', retryAt: Number(outcome.args[1]) };
  // Everything else (the token's own transferFrom refused, a revert nobody explained) may pass later.
  return failed(PULL_REFUSALS[outcome.reason] ?? 'TX_FAILED');
}

function received(
  pull: Pull,
  made: { txHash: Hash; blockNumber: bigint; cycle: bigint; amount: bigint },
): CollectVerdict {
  const txHash = made.txHash.toLowerCase();
  return {
    outcome: 'received',
    reference: txHash,
    amount: made.amount,
    payer: pull.payer,
    details: {
      tx_hash: txHash,
      block_number: made.blockNumber.toString(),
      cycle: made.cycle.toString(),
      contract: pull.contract,
      mandate_id: pull.id,
    },
  };
}

/** What a past pull's token transfer delivered, payer → receiver, from its receipt. */
async function transferredBy(client: PublicClient, txHash: Hash, pull: Pull): Promise<bigint> {
  const receipt = await client.getTransactionReceipt({ hash: txHash });
  const [transfer] = parseEventLogs({
    abi: erc20Abi,
    eventName: 'Transfer',
    logs: receipt.logs.filter((log) => isAddressEqual(log.address, pull.token)),
  }).filter((log) => isAddressEqual(log.args.from, pull.payer) && isAddressEqual(log.args.to, pull.receiver));
  if (!transfer) throw new Error(`pull ${txHash} logged no transfer to the receiver`);
  return transfer.args.value;
}

/** The collector account signing on the method's chain; viem refuses to send if the RPC is another chain. */
export function collectorWallet(settings: EvmSettings, account: CollectorAccount): SigningWallet {
  const chain = defineChain({
    id: settings.chain_id,
    name: `eip155:${settings.chain_id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.api_host] } },
  });
  return createWalletClient({
    account,
    chain,
    transport: http(settings.api_host, { retryCount: 1, timeout: 10_000 }),
  });
}

/** The tail of each collector account's queue of pulls in this process. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier work of `key` settled: concurrent pulls from one account would
 * read the same nonce and all but one would be refused by the node. Also makes a second collect of
 * one invoice find the first's pull instead of racing it.
 */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(work);
  const tail = result.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}

interface Pull {
  client: PublicClient;
  contract: Address;
  id: Hex;
  payer: Address;
  token: Address;
  receiver: Address;
  fromBlock: bigint;
}
