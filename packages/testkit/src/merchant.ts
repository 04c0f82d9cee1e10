import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn } from './clients.ts';
import type { TestServer } from './server.ts';

/** A merchant for tests: the owner session and a test-mode and a live-mode secret key. */
export async function merchantOf(server: TestServer) {
  const owner = await signedIn(server, TestWallet.random());
  const key = async (livemode: boolean) =>
    (await owner.request('/api/api-keys', { method: 'POST', body: { name: `k${livemode}`, livemode } })).body
      .secret as string;
  const testKey = await key(false);
  const liveKey = await key(true);
  const api = (secret: string) => {
    const client = cookieClient(server.url);
    return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      client.request(path, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers } });
  };
  return { owner, testKey, test: api(testKey), live: api(liveKey) };
}

export const RECEIVER = '0x1111111111111111111111111111111111111111';
export const TOKEN = '0x2222222222222222222222222222222222222222';

/** An EVM payment method on the local chain that takes KDT (at TOKEN) or Ether to RECEIVER. */
export function evmMethodBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'evm',
    name: 'Local chain',
    settings: {
      chain_id: 31337,
      api_host: 'http://127.0.0.1:8545',
      explorer_host: 'http://explorer.local',
      confirmation: 1,
      receiving_address: RECEIVER,
    },
    currencies: [
      { name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, maximum_precision: 6, contract: TOKEN },
      { name: 'Ether', symbol: 'ETH', decimal: 18, maximum_precision: 6 },
    ],
    ...overrides,
  };
}

/** A card method on a Stripe account (the local emulator's keys in tests), taking USD and EUR. */
export function cardMethodBody(keys: { publishableKey: string; secretKey: string; webhookSecret?: string }) {
  return {
    type: 'stripe',
    name: 'Card',
    settings: {
      publishable_key: keys.publishableKey,
      secret_key: keys.secretKey,
      ...(keys.webhookSecret && { webhook_signing_secret: keys.webhookSecret }),
    },
    currencies: [
      { name: 'US Dollar', symbol: 'USD', decimal: 2, maximum_precision: 2 },
      { name: 'Euro', symbol: 'EUR', decimal: 2, maximum_precision: 2 },
    ],
  };
}
