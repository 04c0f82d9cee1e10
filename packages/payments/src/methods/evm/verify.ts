import {
  createPublicClient,
  decodeEventLog,
  getAddress,
  http,
  parseAbi,
  type Hash,
  type PublicClient,
} from 'viem';
import type { EvmSettings } from '../../payment-methods/schema.ts';

/**
 * Reads one transaction from the chain and says what it paid, trusting nothing the buyer's browser
 * said: the chain must be the method's (chain id), the transfer must reach the receiving address in
 * the expected token (or native coin), succeed, and have the confirmations the method asks for.
 */

const TRANSFER_ABI = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);

export type Verdict =
  | { outcome: 'pending'; reason: 'NOT_MINED' | 'CONFIRMATIONS' }
  | { outcome: 'rejected'; reason: 'WRONG_CHAIN' | 'TX_FAILED' | 'WRONG_RECIPIENT' | 'WRONG_TOKEN' }
  | {
      outcome: 'received';
      amount: bigint;
      payer: string;
      blockNumber: bigint;
      gasUsed: bigint;
      gasPrice: bigint;
    };

export interface Expectation {
  /** ERC-20 contract, or null for the native coin. */
  token: string | null;
}

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
  expected: Expectation,
  txHash: Hash,
): Promise<Verdict> {
  if ((await client.getChainId()) !== settings.chain_id)
    return { outcome: 'rejected', reason: 'WRONG_CHAIN' };
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch(() => undefined);
  if (!receipt) return { outcome: 'pending', reason: 'NOT_MINED' };
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
  if (head - receipt.blockNumber + 1n < BigInt(Math.max(settings.confirmation, 1))) {
    return { outcome: 'pending', reason: 'CONFIRMATIONS' };
  }
  return {
    outcome: 'received',
    amount,
    payer: getAddress(transaction.from),
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    gasPrice: receipt.effectiveGasPrice,
  };
}
