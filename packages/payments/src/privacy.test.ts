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
import WebSocket from 'ws';
import { payAsVerified } from './test-support/settle.ts';

/**
 * A session's id is in its page's address, so in browser history, screenshots and referrers: holding
 * it shows the order, never who is buying it. Only the session's buyer reads their name, email,
 * phone, address and wallet; the realtime topic anyone may follow carries ids, nothing personal.
 */
describe.each(await testEngines())("a buyer's personal details on %s", (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let methodId: string;
  let kdt: string;
  let linkId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: kdt, unit_amount: '2500000' }] },
      })
    ).body;
    linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: {
          line_items: [{ price_id: product.prices[0].id }],
          phone_number_collection: { enabled: true },
          billing_address_collection: 'required',
        },
      })
    ).body.id;
  });
  afterAll(() => server?.close());

  async function submitted() {
    const wallet = TestWallet.random();
    const buyer = await signedIn(server, wallet);
    const id = (await buyer.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const answer = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada Lovelace',
        customer_email: 'ada@example.com',
        customer_phone: '+14155550123',
        payment_method: methodId,
        payment_currency: kdt,
        billing_address: {
          country: 'US',
          state: 'CA',
          city: 'Oakland',
          line1: '1 Main St',
          postal_code: '94607',
        },
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { id, buyer, wallet };
  }

  const personal = (body: unknown) => {
    const text = JSON.stringify(body);
    return ['Ada Lovelace', 'ada@example.com', '4155550123', '1 Main St', 'Oakland'].filter((part) =>
      text.includes(part),
    );
  };

  it('shows anyone holding the id the order, and only its buyer who is buying it', async () => {
    const { id, buyer, wallet } = await submitted();
    const own = (await buyer.request(`/api/checkout-sessions/retrieve/${id}`)).body;
    expect(own.customer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(personal(own).length).toBeGreaterThan(0);

    const someoneElse = await signedIn(server, TestWallet.random());
    for (const [who, client] of [
      ['anonymous', cookieClient(server.url)],
      ['another buyer', someoneElse],
    ] as const) {
      const seen = await client.request(`/api/checkout-sessions/retrieve/${id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.checkoutSession).toMatchObject({ id, amount_total: '2500000', status: 'open' });
      expect(personal(seen.body), who).toEqual([]);
      expect(JSON.stringify(seen.body).toLowerCase(), who).not.toContain(wallet.address.toLowerCase());
      expect(seen.body.customer, who).toBeNull();
    }
  });

  it('shows the payer and the transfer of a paid session to its buyer only', async () => {
    const { id, buyer, wallet } = await submitted();
    await payAsVerified(server, buyer, id, { amount: 2_500_000n, payer: wallet.address });
    const own = (await buyer.request(`/api/checkout-sessions/retrieve/${id}`)).body;
    expect(own.checkoutSession.status).toBe('complete');
    const paidBy = JSON.stringify(own.paymentIntent.payment_details);
    expect(paidBy.toLowerCase()).toContain(wallet.address.toLowerCase());
    const txHash = /0x[0-9a-f]{64}/.exec(paidBy)![0];

    for (const [who, client] of [
      ['anonymous', cookieClient(server.url)],
      ['another buyer', await signedIn(server, TestWallet.random())],
    ] as const) {
      const seen = await client.request(`/api/checkout-sessions/retrieve/${id}`);
      expect(seen.body.checkoutSession.status, who).toBe('complete');
      const text = JSON.stringify(seen.body).toLowerCase();
      expect(text, who).not.toContain(wallet.address.toLowerCase());
      expect(text, who).not.toContain(txHash);
    }
    // The merchant reads them where merchants read payments.
    const intent = (await merchant.test(`/api/payment-intents/${own.paymentIntent.id}`)).body;
    expect(JSON.stringify(intent.payment_details)).toContain(txHash);
  });

  it("tells a follower of the session's topic that it was paid, without the buyer's customer id", async () => {
    const { id, buyer, wallet } = await submitted();
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`);
    const heard: { type: string; topic: string; data: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic: `checkout:${id}` }));
    try {
      for (let i = 0; i < 100 && !heard.some((m) => m.type === 'subscribed'); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await payAsVerified(server, buyer, id, { amount: 2_500_000n, payer: wallet.address });
      for (let i = 0; i < 300 && !heard.some((m) => m.type === 'invoice.paid'); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const paid = heard.find((m) => m.type === 'invoice.paid');
      expect(paid?.topic).toBe(`checkout:${id}`);
      expect(Object.keys(paid!.data)).toEqual(['id']);
      expect(personal(heard)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  /** Opens a socket (with `query` on its address) and asks for `topic`; answers what came back. */
  async function subscribe(topic: string, init: { cookie?: string; query?: string } = {}) {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime${init.query ?? ''}`, {
      headers: init.cookie ? { cookie: init.cookie } : {},
    });
    const heard: { type: string; topic?: string; data?: Record<string, unknown> }[] = [];
    socket.on('message', (raw) => heard.push(JSON.parse(String(raw))));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic }));
    for (let i = 0; i < 100 && heard.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return { socket, heard, answer: heard[0] };
  }

  it('lets only the customer follow their own customer topic, and tells them when they paid', async () => {
    const { id, buyer, wallet } = await submitted();
    const customerId = (await buyer.request(`/api/checkout-sessions/retrieve/${id}`)).body.customer.id;
    const topic = `customer:${customerId}`;
    const cookie = (await wallet.signIn(server.url)).cookie;

    const own = await subscribe(topic, { cookie });
    const anonymous = await subscribe(topic);
    const other = await subscribe(topic, { cookie: (await TestWallet.random().signIn(server.url)).cookie });
    const merchantToken = (
      await merchant.test('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: wallet.did },
      })
    ).body.token;
    const byToken = await subscribe(topic, { query: `?authToken=${merchantToken}` });
    try {
      expect(own.answer).toEqual({ type: 'subscribed', topic });
      expect(byToken.answer).toEqual({ type: 'subscribed', topic });
      expect(anonymous.answer).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
      expect(other.answer).toMatchObject({ type: 'error', code: 'FORBIDDEN' });

      await payAsVerified(server, buyer, id, { amount: 2_500_000n, payer: wallet.address });
      for (let i = 0; i < 300 && !own.heard.some((m) => m.type === 'invoice.paid'); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(own.heard).toContainEqual(expect.objectContaining({ type: 'invoice.paid', topic }));
    } finally {
      for (const { socket } of [own, anonymous, other, byToken]) socket.close();
    }
  });
});
