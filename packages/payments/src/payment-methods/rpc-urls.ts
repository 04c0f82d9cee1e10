import type { Executor } from '../db.ts';
import { evmAdapter } from '../methods/evm/adapter.ts';
import { listPaymentMethods } from './queries.ts';

/** Chain id → RPC URL of the test-mode EVM methods: the chains the demo's test wallet pays on. */
export async function testModeRpcUrls(db: Executor): Promise<Record<number, string>> {
  const methods = await listPaymentMethods(db, false);
  return Object.fromEntries(
    methods
      .filter((m) => evmAdapter.types.includes(m.type))
      .map((m) => evmAdapter.settings.parse(m.settings))
      .map((settings) => [settings.chain_id, settings.api_host]),
  );
}
