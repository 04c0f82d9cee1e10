/**
 * The server under measurement, in its own process so the load generator does not share its event
 * loop. Adds a bare route (no database, no work) that other figures are compared with, and a checkout
 * session with two priced lines to retrieve; and beside it a plain Fastify answering the same bare
 * route, the baseline of what the platform adds per request (issue 27 item 2). A webhook endpoint at
 * the bench's receiver hears every `product.created`; the message `burst` makes BURST_PRODUCTS of
 * them at once (issue 23: deliveries must not slow the API).
 */
import Fastify from 'fastify';
import { evmMethodBody, merchantOf, startTestServer } from '@kiosk/testkit';
import '../test/setup/test-server.ts';

const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const server = await startTestServer(engine, {
  // Production's poll interval, not the tests' 20 ms.
  env: { KIOSK_JOB_POLL_MS: '1000', KIOSK_WEBHOOKS_ALLOW_PRIVATE: '1' },
  prepare(app) {
    app.get('/bench/bare', { config: { access: ['public'] }, schema: { hide: true } }, async () => ({
      ok: true,
    }));
  },
});
const merchant = await merchantOf(server);
const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
const product = (
  await merchant.test('/api/products', {
    method: 'POST',
    body: {
      name: 'Bench product',
      prices: [
        { currency_id: method.payment_currencies[0].id, unit_amount: '2500000' },
        { currency_id: method.payment_currencies[0].id, unit_amount: '1000000' },
      ],
    },
  })
).body;
const session = (
  await merchant.test('/api/checkout-sessions', {
    method: 'POST',
    body: { line_items: product.prices.map((p: { id: string }) => ({ price_id: p.id, quantity: 2 })) },
  })
).body;

const receiver = process.env.BENCH_WEBHOOK_URL;
if (receiver) {
  const endpoint = await merchant.test('/api/webhook-endpoints', {
    method: 'POST',
    body: { url: receiver, enabled_events: ['product.created'] },
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${JSON.stringify(endpoint.body)}`);
}
const BURST_PRODUCTS = 1_000;

/** Makes BURST_PRODUCTS products, 16 requests at a time, through the API: as many events to deliver. */
async function burst(): Promise<number> {
  let made = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (made < BURST_PRODUCTS) {
        made++;
        const answer = await merchant.test('/api/products', {
          method: 'POST',
          body: { name: `Burst ${made}` },
        });
        if (answer.status !== 201) throw new Error(`burst product: ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  return made;
}

const plain = Fastify();
plain.get('/bench/bare', async () => ({ ok: true }));
const plainUrl = await plain.listen({ host: '127.0.0.1', port: 0 });

process.send?.({ url: server.url, plainUrl, sessionId: session.id });
process.on('message', async (message) => {
  if (message === 'burst') process.send?.({ burst: await burst() });
  if (message === 'stop') {
    await plain.close();
    await server.close();
    process.exit(0);
  }
});
