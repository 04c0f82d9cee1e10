import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsResources } from '../resources.ts';
import { payAsVerified } from '../test-support/settle.ts';
import { ANSWER_INVALIDATIONS } from './checkout-answer-cache.ts';

/**
 * Retrieve answers from a kept copy (answer-cache.ts). Two server processes share one database, as
 * behind a load balancer: each change, made on A, shows in the very next retrieve on B — and on A —
 * after both had kept the answer from before it.
 */
describe.each(await testEngines())('a kept retrieve answer on %s', (engine) => {
  const clock = new TestClock();
  let a: TestServer;
  let b: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let method: { id: string; payment_currencies: { id: string }[] };
  let product: { id: string; prices: { id: string }[] };

  beforeAll(async () => {
    a = await startTestServer(engine, { clock });
    b = await startTestServer(engine, { database: a.database, clock });
    merchant = await merchantOf(a);
    method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
    const kdt = method.payment_currencies[0]!.id;
    const yearly = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Yearly', prices: [{ currency_id: kdt, unit_amount: '9000000' }] },
      })
    ).body.prices[0].id;
    product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Monthly',
          prices: [{ currency_id: kdt, unit_amount: '5000000', upsell: { upsells_to_id: yearly } }],
        },
      })
    ).body;
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  async function startSession(): Promise<string> {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0]!.id }] },
      })
    ).body;
    const started = await cookieClient(a.url).request(`/api/checkout-sessions/start/${link.id}`, {
      method: 'POST',
      headers: { 'user-agent': String(Math.random()) },
    });
    return started.body.checkoutSession.id;
  }
  const retrieve = async (server: TestServer, id: string, client = cookieClient(server.url)) => {
    const answer = await client.request(`/api/checkout-sessions/retrieve/${id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  /** Both processes keep the answer as it stands (each names its own address in links). */
  async function keptOnBoth(id: string) {
    const seen = async (server: TestServer) =>
      JSON.stringify(await retrieve(server, id)).replaceAll(server.url, 'https://kiosk.example');
    const first = await seen(a);
    expect(await seen(a)).toBe(first);
    expect(await seen(b)).toBe(first);
  }

  it('shows an edit made on another process', async () => {
    const id = await startSession();
    await keptOnBoth(id);
    const upsold = await cookieClient(a.url).request(`/api/checkout-sessions/${id}/upsell`, {
      method: 'PUT',
      body: {
        from: product.prices[0]!.id,
        to: (await retrieve(a, id)).checkoutSession.line_items[0].upsell_price.id,
      },
    });
    expect(upsold.status).toBe(200);
    for (const server of [b, a])
      expect((await retrieve(server, id)).checkoutSession.amount_total).toBe('9000000');
  });

  it('shows a submit, then the payment, and its own buyer the updated customer', async () => {
    const wallet = TestWallet.random();
    const buyer = await signedIn(a, wallet);
    const buyerOnB = await signedIn(b, wallet);
    const id = await startSession();
    await keptOnBoth(id);
    const submit = (name: string, session: string) =>
      buyer.request(`/api/checkout-sessions/${session}/submit`, {
        method: 'PUT',
        body: {
          customer_name: name,
          customer_email: 'ada@example.com',
          payment_method: method.id,
          payment_currency: method.payment_currencies[0]!.id,
        },
      });
    expect((await submit('Ada Lovelace', id)).status).toBe(200);
    const submitted = await retrieve(b, id);
    expect(submitted.paymentIntent).toMatchObject({ status: 'requires_action' });
    // Anyone else holding the id sees no buyer; the buyer sees themself.
    expect(submitted.customer).toBeNull();
    expect((await retrieve(b, id, buyerOnB)).customer).toMatchObject({ name: 'Ada Lovelace' });

    // The customer record changes through another session: the first one's buyer sees it at once.
    expect((await submit('Ada King', await startSession())).status).toBe(200);
    expect((await retrieve(b, id, buyerOnB)).customer).toMatchObject({ name: 'Ada King' });

    await payAsVerified(a, buyer, id, { amount: 5_000_000n, payer: wallet.address });
    for (const server of [b, a])
      expect((await retrieve(server, id)).checkoutSession).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
      });
  });

  it('shows the session expired once its time has passed', async () => {
    const id = await startSession();
    await keptOnBoth(id);
    clock.advance({ seconds: 3 * 24 * 60 * 60 });
    for (const server of [b, a]) expect((await retrieve(server, id)).checkoutSession.status).toBe('expired');
  });

  it("shows the merchant's change to the product", async () => {
    const id = await startSession();
    await keptOnBoth(id);
    const renamed = await merchant.test(`/api/products/${product.id}`, {
      method: 'PUT',
      body: { name: 'Monthly plan' },
    });
    expect(renamed.status).toBe(200);
    for (const server of [b, a])
      expect((await retrieve(server, id)).checkoutSession.line_items[0].price.product.name).toBe(
        'Monthly plan',
      );
  });

  it('knows which answers every kind of payments event changes', () => {
    const resources = paymentsResources(a.app.kiosk.platform, a.url);
    const objectTypes = Object.values(resources).map((resource) => resource.definition.objectType);
    expect(Object.keys(ANSWER_INVALIDATIONS).sort()).toEqual([...new Set(objectTypes)].sort());
  });
});
