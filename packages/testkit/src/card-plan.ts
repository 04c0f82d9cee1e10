import type { Engine } from '@kiosk/db';
import type { TestClock } from '@kiosk/platform';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { cardMethodBody, merchantOf } from './merchant.ts';
import { startTestServer, type TestServer } from './server.ts';
import Stripe from 'stripe';

/** A monthly plan's price in cents (10.00 USD). */
export const MONTHLY = 1000n;

export interface CardPlan {
  emulator: StripeEmulator;
  server: TestServer;
  merchant: Awaited<ReturnType<typeof merchantOf>>;
  /** The real SDK on the emulator, as the merchant's own Stripe account. */
  stripe: Stripe;
  methodId: string;
  usd: string;
  /** A monthly price of MONTHLY in USD. */
  priceId: string;
  close(): Promise<void>;
}

/**
 * A merchant selling a monthly plan by card, for subscription tests: the real server on `clock`, a
 * card method on the local Stripe emulator whose signed webhooks reach the server (as a merchant
 * sets one up, so a customer who leaves the page is still heard), and the plan's product.
 */
export async function startCardPlan(
  engine: Engine,
  clock: TestClock,
  productName: string,
): Promise<CardPlan> {
  const emulator = await startStripeEmulator({ retryBaseMs: 50 });
  const server = await startTestServer(engine, {
    clock,
    env: { KIOSK_STRIPE_API_BASE: emulator.url, KIOSK_STRIPE_JS_URL: emulator.jsUrl },
  });
  const merchant = await merchantOf(server);
  const stripe = new Stripe(emulator.secretKey, {
    host: emulator.host,
    port: emulator.port,
    protocol: 'http',
  });
  const method = (
    await merchant.test('/api/payment-methods', { method: 'POST', body: cardMethodBody(emulator) })
  ).body;
  const endpoint = await stripe.webhookEndpoints.create({
    url: `${server.url}/api/payment-methods/${method.id}/webhook`,
    enabled_events: ['*'],
  });
  await merchant.test(`/api/payment-methods/${method.id}`, {
    method: 'PUT',
    body: { settings: { ...cardMethodBody(emulator).settings, webhook_signing_secret: endpoint.secret } },
  });
  const usd = method.payment_currencies.find((c: { symbol: string }) => c.symbol === 'USD').id;
  const product = (
    await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: productName,
        prices: [
          {
            type: 'recurring',
            currency_id: usd,
            unit_amount: MONTHLY.toString(),
            recurring: { interval: 'month' },
          },
        ],
      },
    })
  ).body;
  return {
    emulator,
    server,
    merchant,
    stripe,
    methodId: method.id,
    usd,
    priceId: product.prices[0].id,
    close: async () => {
      await server.close();
      await emulator.close();
    },
  };
}
