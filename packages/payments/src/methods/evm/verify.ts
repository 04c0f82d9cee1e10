import {
  createPublicClient,
  decodeEventLog,
  getAddress,
  http,
  parseAbi,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
  type Transaction,
  type TransactionReceipt,
} from 'viem';
import type { Verdict } from '../adapter.ts';
import type { EvmSettings } from './settings.ts';

/**
 * Reads one transaction from the chain and says what it paid, trusting nothing the buyer's browser
 * said: the chain must be the method's (chain id), the transfer must reach the receiving address in
 * the expected token (or native coin), succeed, and have the confirmations the method asks for. A
 * confirmed transfer that brought the receiver another of the method's currencies instead is refused
 * with what arrived, so that it is recorded as refundable.
 * Only a receipt the chain says it does not have is "not found"; any other failure to read it (the
 * node is down, times out, answers garbage) is thrown, so the check is retried instead of decided.
 */

const TRANSFER_ABI = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);

const clients = new Map<string, PublicClient>();

/** One client per RPC URL: viem keeps its HTTP agent and chain id cache. */
export function chainClient(settings: Pick<EvmSettings, 'api_host'>): PublicClient {
  let client = clients.get(settings.api_host);
  if (!client) {
    // cacheTime 0: viem would otherwise answer the block number from a 4 s cache, and a fresh
    // transfer would look unconfirmed for that long.
    client = createPublicClient({
      cacheTime: 0,
      transport: http(settings.api_host, { retryCount: 1, timeout: 10_000 }),
    });
    clients.set(settings.api_host, client);
  }
  return client;
}

/** A currency of the method as the chain knows it: a token contract, or null for the native coin. */
export interface EvmCurrency {
  id: string;
  contract: string | null;
}

export async function verifyEvmTransfer(
  client: PublicClient,
  settings: EvmSettings,
  currencies: { asked: EvmCurrency; others: readonly EvmCurrency[] },
  txHash: Hash,
): Promise<Verdict> {
  if ((await client.getChainId()) !== settings.chain_id)
    return { outcome: 'rejected', reason: 'WRONG_CHAIN' };
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: txHash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    // Broadcast but not mined yet (a busy chain's mempool) is waited for like a block short of its
    // confirmations; only a hash the node does not know at all is "not found".
    return { outcome: 'pending', reason: (await isKnown(client, txHash)) ? 'CONFIRMATIONS' : 'NOT_FOUND' };
  }
  const transaction = await client.getTransaction({ hash: txHash });
  if (transaction.chainId !== undefined && transaction.chainId !== settings.chain_id)
    return { outcome: 'rejected', reason: 'WRONG_CHAIN' };
  if (receipt.status !== 'success') return { outcome: 'rejected', reason: 'TX_FAILED' };

  const receiver = getAddress(settings.receiving_address);
  const reached = (currency: EvmCurrency) => reachedReceiver(receipt, transaction, receiver, currency);
  const asked = reached(currencies.asked);
  const native = currencies.asked.contract === null;
  // A native transfer to the receiver pays what it carries, even 0 (too little is judged later).
  const paysAsked = native ? asked.seen : asked.amount > 0n;
  // Nothing of what was asked, but another of the method's currencies reached the merchant: refused,
  // and once confirmed, what arrived is said so that it is recorded as the buyer's to get back (the
  // first such currency, should one transaction move several).
  const instead = paysAsked
    ? undefined
    : currencies.others
        .map((currency) => ({ currency, amount: reached(currency).amount }))
        .find(({ amount }) => amount > 0n);
  if (!paysAsked && !instead)
    return { outcome: 'rejected', reason: !native && !asked.seen ? 'WRONG_TOKEN' : 'WRONG_RECIPIENT' };

  const head = await client.getBlockNumber();
  if (head - receipt.blockNumber + 1n < BigInt(Math.max(settings.confirmation, 1)))
    return { outcome: 'pending', reason: 'CONFIRMATIONS' };
  const payer = getAddress(transaction.from);
  const received = {
    reference: txHash.toLowerCase(),
    amount: instead?.amount ?? asked.amount,
    payer,
    details: {
      tx_hash: txHash,
      payer,
      block_height: receipt.blockNumber.toString(),
      gas_used: receipt.gasUsed.toString(),
      gas_price: receipt.effectiveGasPrice.toString(),
      type: 'transfer',
    },
  };
  if (instead)
    return {
      outcome: 'rejected',
      reason: 'WRONG_TOKEN',
      arrived: { ...received, currencyId: instead.currency.id },
    };
  return { outcome: 'received', ...received };
}

/**
 * What one currency's transfers in the transaction brought the receiver: the native coin when the
 * transaction is sent to it (`seen`, even of 0), a token as the sum of its contract's `Transfer` logs to
 * it (`seen` when the contract logged any transfer at all).
 */
function reachedReceiver(
  receipt: TransactionReceipt,
  transaction: Transaction,
  receiver: Address,
  currency: EvmCurrency,
): { seen: boolean; amount: bigint } {
  if (currency.contract === null) {
    const seen = transaction.to != null && getAddress(transaction.to) === receiver;
    return { seen, amount: seen ? transaction.value : 0n };
  }
  const token = getAddress(currency.contract);
  let seen = false;
  let amount = 0n;
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== token) continue;
    try {
      const event = decodeEventLog({ abi: TRANSFER_ABI, data: log.data, topics: log.topics });
      seen = true;
      if (getAddress(event.args.to) === receiver) amount += event.args.value;
    } catch {
      // another event of the token contract
    }
  }
  return { seen, amount };
}

async function isKnown(client: PublicClient, txHash: Hash): Promise<boolean> {
  try {
    await client.getTransaction({ hash: txHash });
    return true;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return false;
    throw error;
  }
}
