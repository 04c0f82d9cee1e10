import { testWalletRpcUrls } from '@kiosk/payments';
import type { FastifyInstance } from 'fastify';
import { registerBitcoinPaymentRoute } from './bitcoin-payment-route.ts';
import { registerOwnerSignInRoute } from './owner-sign-in-route.ts';
import { registerTestWalletRoute } from './test-wallet-route.ts';

/**
 * What the demo and the tests turn on with KIOSK_TEST_WALLET, never production: the server's own test
 * wallet (EVM, and Bitcoin on the local regtest chain), and the demo owner's sign-in link. Production
 * code uses the test tools (test-wallet, devchain) only in this folder.
 */
export async function demoPlugin(app: FastifyInstance): Promise<void> {
  const { config, database, platform } = app.kiosk;
  registerTestWalletRoute(app, {
    platform,
    baseUrl: config.baseUrl,
    // It pays on the chains of the test-mode payment methods.
    rpcUrls: () => testWalletRpcUrls(database),
  });
  registerBitcoinPaymentRoute(app, { database, clock: platform.clock });
  registerOwnerSignInRoute(app);
}
