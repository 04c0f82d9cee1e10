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
import { payAsVerified } from '../test-support/settle.ts';

type Mode = 'test' | 'live';
const ids = (list: { id: string }[]) => list.map((item) => item.id);

/** The merchant dashboard's customer screens (issue 23 item 1): the list's search and a customer's sums. */
describe.each(await testEngines())('the merchant reads customers on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  const shop = {} as Record<Mode, { method: string; token: string; price: string }>;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    for (const mode of ['test', 'live'] as const) {
      const method = (await merchant[mode]('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
        .body;
      const token = method.payment_currencies[0].id as string;
      const product = (
        await merchant[mode]('/api/products', {
          method: 'POST',
          body: { name: 'Poster', prices: [{ currency_id: token, unit_amount: '2500000' }] },
        })
      ).body;
      shop[mode] = { method: method.id, token, price: product.prices[0].id };
    }
  });
  afterAll(() => server?.close());

  /** A new buyer submits a checkout as `name` <`email`>: their customer, made by that submit. */
  async function buyerNamed(name: string, email: string, mode: Mode = 'test') {
    const wallet = TestWallet.random();
    const client = await signedIn(server, wallet);
    const { method, token, price } = shop[mode];
    const link = (
      await merchant[mode]('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price, quantity: 1 }] },
      })
    ).body;
    const started = await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
      method: 'POST',
      headers: { 'user-agent': Math.random().toString() },
    });
    const session = started.body.checkoutSession.id as string;
    const submitted = await client.request(`/api/checkout-sessions/${session}/submit`, {
      method: 'PUT',
      body: { customer_name: name, customer_email: email, payment_method: method, payment_currency: token },
    });
    expect(submitted.status).toBe(200);
    return {
      wallet,
      client,
      session,
      id: submitted.body.customer.id as string,
      did: submitted.body.customer.did as string,
      amount: BigInt(submitted.body.paymentIntent.amount),
    };
  }

  const search = async (q: string, mode: Mode = 'test') =>
    (await merchant[mode](`/api/customers?pageSize=100&q=${encodeURIComponent(q)}`)).body as {
      list: { id: string }[];
      count: number;
    };

  it('finds customers by a part of their name, email or DID, in any case, in the asked mode only', async () => {
    const grace = await buyerNamed('Grace Hopper', 'grace@navy.example');
    const alan = await buyerNamed('Alan Turing', 'alan@bletchley.example');
    const liveGrace = await buyerNamed('Grace Hopper', 'grace@navy.example', 'live');

    expect(ids((await search('hopper')).list)).toEqual([grace.id]);
    expect(ids((await search('BLETCHLEY')).list)).toEqual([alan.id]);
    expect(ids((await search(alan.did.slice(-10).toUpperCase())).list)).toEqual([alan.id]);
    expect(await search('hopper', 'live')).toMatchObject({ count: 1, list: [{ id: liveGrace.id }] });
    // A LIKE wildcard is a character like any other: `%` matches no name here.
    expect((await search('%')).count).toBe(0);
    expect((await search('_')).count).toBe(0);
    // Without q the list is every customer of the mode.
    expect((await search('')).count).toBeGreaterThanOrEqual(2);
  });

  it("answers a customer's paid and owed sums per currency when asked, and not otherwise", async () => {
    const buyer = await buyerNamed('Ada Lovelace', 'ada@example.com');
    const plain = await merchant.test(`/api/customers/${buyer.id}`);
    expect(plain.body.summary).toBeUndefined();
    expect((await merchant.test(`/api/customers/${buyer.id}?summary=1`)).body.summary).toEqual({
      paid: {},
      due: {},
    });

    await payAsVerified(server, buyer.client, buyer.session, {
      amount: buyer.amount,
      payer: buyer.wallet.address,
    });
    const paid = await merchant.test(`/api/customers/${buyer.id}?summary=true`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      id: buyer.id,
      summary: { paid: { [shop.test.token]: '2500000' }, due: {} },
    });
    const otherMode = await merchant.live(`/api/customers/${buyer.id}?summary=1`);
    expect([otherMode.status, otherMode.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });

  it('refuses a search longer than any field', async () => {
    const answer = await merchant.test(`/api/customers?q=${'a'.repeat(300)}`);
    expect(answer.status).toBe(400);
  });
});
