import { demoRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { askFirst, type Database } from '@kiosk/db';
import { testBitcoinPayment } from '@kiosk/payments';
import type { Clock } from '@kiosk/platform';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface BitcoinPaymentRouteOptions {
  database: Database;
  clock: Clock;
}

const TIMEOUT_MS = 10_000;

/**
 * The demo's Bitcoin wallet (issue 26): the test wallet answers only EVM calls, so the Bitcoin step's
 * "Pay with the demo wallet" asks here. The local regtest stand-in's funding (`/_standin/fund`, which
 * stands for a node wallet's payment: docs/bitcoin-standin.md) sends the order's open payment exactly
 * what its address asks, in a block of its own; the chain's next blocks confirm it, and the checkout
 * learns of it as of any wallet's payment. Only on a test-mode regtest method, only once per address.
 */
export function registerBitcoinPaymentRoute(app: FastifyInstance, options: BitcoinPaymentRouteOptions): void {
  const route = demoRoutes['POST /api/test-wallet/bitcoin-payments'];
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['checkout'],
        summary:
          "Demo and test mode only: the local regtest chain pays a checkout's open Bitcoin payment, exactly",
        ...route.schema,
      },
    },
    async (request) => {
      const { address, sats, esploraUrl } = await askFirst(() =>
        testBitcoinPayment(options.database, request.body.checkout_session_id, options.clock.nowUnix()),
      );
      // The chain is asked, not the page: a second click must not pay the order twice.
      const seen = await standin(esploraUrl, 'GET', `/address/${address}`);
      const { chain_stats, mempool_stats } = JSON.parse(seen) as Record<string, { funded_txo_count: number }>;
      if (chain_stats!.funded_txo_count + mempool_stats!.funded_txo_count > 0)
        throw new KioskError('TEST_BITCOIN_PAYMENT_SENT', { status: 409 });
      const query = new URLSearchParams({ address, sats: sats.toString() });
      const txid = await standin(esploraUrl, 'POST', `/_standin/fund?${query}`);
      return { address, amount: sats.toString(), txid };
    },
  );
}

/** One call to the stand-in; anything but an answer (another node, or none) is the caller's to see. */
async function standin(esploraUrl: string, method: 'GET' | 'POST', path: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${esploraUrl}${path}`, { method, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new KioskError('TEST_WALLET_FAILED', { status: 409, params: { reason } });
  }
  const text = await response.text();
  if (!response.ok)
    throw new KioskError('TEST_WALLET_FAILED', {
      status: 409,
      params: { reason: `${method} ${path.split('?')[0]} answered ${response.status} ${text.slice(0, 200)}` },
    });
  return text;
}
