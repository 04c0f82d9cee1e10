import {
  createPublicClient,
  decodeEventLog,
  getAddress,
  http,
  parseAbi,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import type { Verdict } from '../adapter.ts';
import type { EvmSettings } from './settings.ts';

/**
 * Reads one transaction from the chain and says what it paid, trusting nothing the buyer's browser
 * said: the chain must be the method's (chain id), the transfer must reach the receiving address in
 * the expected token (or native coin), succeed, and have the confirmations the method asks for.
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

export async function verifyEvmTransfer(
  client: PublicClient,
  settings: EvmSettings,
  expected: { token: string | null },
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
  let amount = 0n;
  if (expected.token === null) {
    if (!transaction.to || getAddress(transaction.to) !== receiver)
      return { outcome: 'rejected', reason: 'WRONG_RECIPIENT' };
    amount = transaction.value;
  } else {
    const token = getAddress(expected.token);
    let sawToken = false;
    for (const log of receipt.logs) {
      if (getAddress(log.address) !== token) continue;
      try {
        const event = decodeEventLog({ abi: TRANSFER_ABI, data: log.data, topics: log.topics });
        sawToken = true;
        if (getAddress(event.args.to) === receiver) amount += event.args.value;
      } catch {
        // another event of the token contract
      }
    }
    if (!sawToken) return { outcome: 'rejected', reason: 'WRONG_TOKEN' };
    if (amount === 0n) return { outcome: 'rejected', reason: 'WRONG_RECIPIENT' };
  }

  const head = await client.getBlockNumber();
  if (head - receipt.blockNumber + 1n < BigInt(Math.max(settings.confirmation, 1)))
    return { outcome: 'pending', reason: 'CONFIRMATIONS' };
  const payer = getAddress(transaction.from);
  return {
    outcome: 'received',
    reference: txHash.toLowerCase(),
    amount,
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
