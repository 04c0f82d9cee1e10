import { ApiError } from '@kiosk/sdk';
import type { EvmMandateInstructions } from '@kiosk/contracts';
import type { Eip1193Provider } from '../../wallet/eip1193.ts';
import { buyerAccountOn } from './pay-with-injected-wallet.ts';

/** One of the mandate's transactions was mined and failed: the mandate is not (all) on the chain. */
export class TransactionFailedError extends Error {
  override readonly name = 'TransactionFailedError';
}

/** The server still cannot see the mandate after every retry. */
export class MandateNotSeenError extends Error {
  override readonly name = 'MandateNotSeenError';
}

/** Waits `ms`; tests pass one that does not wait. */
export type Wait = (ms: number) => Promise<void>;
const wait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A block on a busy chain can take a while; a receipt not seen in this time is given up on. */
const RECEIPT_POLL_MS = 1_000;
const RECEIPT_ATTEMPTS = 120;

interface Receipt {
  status: string;
}

async function receiptOf(provider: Eip1193Provider, hash: string, pause: Wait): Promise<Receipt> {
  for (let attempt = 0; attempt < RECEIPT_ATTEMPTS; attempt++) {
    const receipt = (await provider.request({
      method: 'eth_getTransactionReceipt',
      params: [hash],
    })) as Receipt | null;
    if (receipt) return receipt;
    await pause(RECEIPT_POLL_MS);
  }
  throw new TransactionFailedError(`transaction ${hash} was not mined in time`);
}

/**
 * Sends the mandate's calls from a wallet in this page, in order and each only once the one before is
 * mined (the mandate's transaction needs the allowance already granted). Answers the hashes.
 */
export async function sendMandateCalls(
  provider: Eip1193Provider,
  instructions: EvmMandateInstructions,
  buyerAddress: string | undefined,
  pause: Wait = wait,
): Promise<string[]> {
  const account = await buyerAccountOn(provider, instructions.chain_id, buyerAddress);
  const hashes: string[] = [];
  for (const call of instructions.calls) {
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: call.to, data: call.data }],
    })) as string;
    const receipt = await receiptOf(provider, hash, pause);
    // EIP-1193 providers answer the status as a hex quantity: 0x1 is success.
    if (Number(receipt.status) !== 1) throw new TransactionFailedError(`transaction ${hash} failed`);
    hashes.push(hash);
  }
  return hashes;
}

/** A node behind the wallet's may not show the last block yet: the server is asked again a few times. */
export const MANDATE_ATTEMPTS = 5;
export const MANDATE_RETRY_MS = 2_000;

/**
 * Asks the server to read the mandate on the chain (`POST …/mandate`), again while it answers
 * MANDATE_PENDING; any other refusal is the server's verdict and is thrown as it is.
 */
export async function confirmMandate(post: () => Promise<unknown>, pause: Wait = wait): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await post();
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'MANDATE_PENDING')) throw error;
      if (attempt >= MANDATE_ATTEMPTS) throw new MandateNotSeenError(error.message, { cause: error });
      await pause(MANDATE_RETRY_MS);
    }
  }
}
