import {
  createWalletClient,
  getContractAddress,
  http,
  type Address,
  type Chain,
  type HttpTransport,
  type PublicClient,
} from 'viem';
import { deployCollector } from '@kiosk/payments';
import { DEMO_DEPLOYER } from './demo-accounts.ts';

/**
 * The demo chain's KioskCollector, the contract that holds the buyers' subscription mandates. Like the
 * demo token it is its deployer's first contract, so its address is known before the chain exists:
 * the store's payment method names it even when `kiosk seed --demo` seeds with no chain running.
 */
export function demoCollectorAddress(): Address {
  return getContractAddress({ from: DEMO_DEPLOYER.address, nonce: 0n });
}

/** A running chain: its JSON-RPC URL and a client that reads it. */
export interface RunningChain {
  rpcUrl: string;
  publicClient: PublicClient<HttpTransport, Chain>;
}

/** Whether this start deployed the collector, or found it where an earlier start had (a replayed chain). */
export type DemoCollector = { address: Address; outcome: 'deployed' | 'present' };

/**
 * Makes sure KioskCollector is at demoCollectorAddress() on `chain`: a chain replayed from its journal
 * has it already; a new one (or one from before the demo had subscriptions) gets it from the deployer.
 */
export async function ensureDemoCollector(chain: RunningChain): Promise<DemoCollector> {
  const { publicClient } = chain;
  const address = demoCollectorAddress();
  if (await publicClient.getCode({ address })) return { address, outcome: 'present' };
  const sent = await publicClient.getTransactionCount({ address: DEMO_DEPLOYER.address });
  if (sent !== 0)
    throw new Error(
      `demo: the collector's deployer ${DEMO_DEPLOYER.address} has sent ${sent} transactions on this chain, so KioskCollector can no longer land at ${address}; start the demo chain afresh`,
    );
  const wallet = createWalletClient({
    account: DEMO_DEPLOYER.account,
    chain: publicClient.chain,
    transport: http(chain.rpcUrl, { retryCount: 0 }),
  });
  return { address: await deployCollector(wallet, publicClient), outcome: 'deployed' };
}
