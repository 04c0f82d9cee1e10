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

/**
 * Once a session has a buyer, it is theirs: another buyer (by cookie or by an authToken) cannot
 * submit it, take it over or re-price it, and nobody without credentials can edit it. Before it has
 * a buyer, the page may still edit it anonymously (a buyer signs in only to pay).
 */
describe.each(await testEngines())("a buyer's checkout session on %s", (engine) => {
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
    const create = async (body: Record<string, unknown>) =>
      (await merchant.test('/api/products', { method: 'POST', body })).body.prices[0].id as string;
    const wrap = await create({ name: 'Gift wrap', prices: [{ currency_id: kdt, unit_amount: '2000000' }] });
    const yearly = await create({ name: 'Plan', prices: [{ currency_id: kdt, unit_amount: '9000000' }] });
    const tip = await create({
      name: 'Tip',
      prices: [{ currency_id: kdt, custom_unit_amount: { presets: ['1000000'], maximum: '1000000000' } }],
    });
    const plan = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Plan',
          cross_sell: { cross_sells_to_id: wrap },
          prices: [{ currency_id: kdt, unit_amount: '5000000', upsell: { upsells_to_id: yearly } }],
        },
      })
    ).body.prices[0].id;
    linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: plan }, { price_id: tip }] },
      })
    ).body.id;
  });
  afterAll(() => server?.close());

  const details = () => ({
    customer_name: 'Ada',
    customer_email: 'ada@example.com',
    payment_method: methodId,
    payment_currency: kdt,
  });

  /** A session started and submitted by buyer A; answers its id and A's client. */
  async function submittedByA() {
    const a = await signedIn(server, TestWallet.random());
    const id = (await a.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id as string;
    const submitted = await a.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: details(),
    });
    expect(submitted.status).toBe(200);
    return { id, a, total: submitted.body.checkoutSession.amount_total as string };
  }

  const edits = (id: string, planPrice: string, tipPrice: string) => [
    { path: `/api/checkout-sessions/${id}/upsell`, method: 'PUT', body: { from: planPrice, to: 'x' } },
    { path: `/api/checkout-sessions/${id}/downsell`, method: 'PUT', body: { from: planPrice } },
    { path: `/api/checkout-sessions/${id}/cross-sell`, method: 'PUT', body: { to: 'x' } },
    { path: `/api/checkout-sessions/${id}/cross-sell`, method: 'DELETE' },
    {
      path: `/api/checkout-sessions/${id}/amount`,
      method: 'PUT',
      body: { priceId: tipPrice, amount: '100000000' },
    },
  ];

  it("refuses another buyer's submit, by cookie or by authToken, and keeps the order A's", async () => {
    const { id, a } = await submittedByA();
    const b = await signedIn(server, TestWallet.random());
    const byCookie = await b.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: details(),
    });
    expect(byCookie.status).toBe(403);
    expect(byCookie.body.code).toBe('FORBIDDEN');

    const other = TestWallet.random();
    const token = (
      await merchant.test('/api/auth-tokens', { method: 'POST', body: { customer_did: other.did } })
    ).body.token;
    const byToken = await cookieClient(server.url).request(
      `/api/checkout-sessions/${id}/submit?authToken=${token}`,
      { method: 'PUT', body: details() },
    );
    expect(byToken.status).toBe(403);

    const envelope = (await a.request(`/api/checkout-sessions/retrieve/${id}`)).body;
    expect(envelope.checkoutSession.customer_did).not.toBe(other.did);
    expect(envelope.customer.name).toBe('Ada');
    // A's own repeat is still A's to make.
    expect(
      (await a.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body: details() })).status,
    ).toBe(200);
  });

  it('refuses edits of a submitted session by anyone but its buyer, and changes nothing', async () => {
    const { id, a, total } = await submittedByA();
    const lines = (await a.request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession.line_items;
    const [planPrice, tipPrice] = lines.map((line: { price_id: string }) => line.price_id);
    const b = await signedIn(server, TestWallet.random());
    const anonymous = cookieClient(server.url);
    for (const edit of edits(id, planPrice, tipPrice)) {
      const init = { method: edit.method, body: edit.body };
      expect((await anonymous.request(edit.path, init)).status, `anonymous ${edit.method} ${edit.path}`).toBe(
        401,
      );
      expect((await b.request(edit.path, init)).status, `other buyer ${edit.method} ${edit.path}`).toBe(403);
    }
    const after = (await a.request(`/api/checkout-sessions/retrieve/${id}`)).body;
    expect(after.checkoutSession.amount_total).toBe(total);
    expect(after.paymentIntent.amount).toBe(total);

    const own = await a.request(`/api/checkout-sessions/${id}/amount`, {
      method: 'PUT',
      body: { priceId: tipPrice, amount: '3000000' },
    });
    expect(own.status).toBe(200);
  });

  it('lets the page edit a session that has no buyer yet', async () => {
    const anonymous = cookieClient(server.url);
    const started = (
      await anonymous.request(`/api/checkout-sessions/start/${linkId}`, {
        method: 'POST',
        headers: { 'user-agent': String(Math.random()) },
      })
    ).body.checkoutSession;
    const tipPrice = started.line_items[1].price_id;
    const edited = await anonymous.request(`/api/checkout-sessions/${started.id}/amount`, {
      method: 'PUT',
      body: { priceId: tipPrice, amount: '2000000' },
    });
    expect(edited.status).toBe(200);
  });

  it('refuses an authToken of the other mode: a live token acts on live sessions only', async () => {
    const wallet = TestWallet.random();
    const live = (
      await merchant.live('/api/auth-tokens', { method: 'POST', body: { customer_did: wallet.did } })
    ).body.token;
    const host = cookieClient(server.url);
    const id = (
      await host.request(`/api/checkout-sessions/start/${linkId}`, {
        method: 'POST',
        headers: { 'user-agent': String(Math.random()) },
      })
    ).body.checkoutSession.id;
    const submit = await host.request(`/api/checkout-sessions/${id}/submit?authToken=${live}`, {
      method: 'PUT',
      body: details(),
    });
    expect(submit.status).toBe(403);
    expect(
      (await host.request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession.payment_intent_id,
    ).toBeNull();
  });

  it('refuses every buyer action on a session to anyone but its buyer, whatever routes there are', async () => {
    const { id, a, total } = await submittedByA();
    const lines = (await a.request(`/api/checkout-sessions/retrieve/${id}`)).body.checkoutSession.line_items;
    const [planPrice, tipPrice] = lines.map((line: { price_id: string }) => line.price_id);
    // A valid body per action, so that only who is asking decides; a new action must add its own.
    const bodies: Record<string, unknown> = {
      'PUT /api/checkout-sessions/:id/submit': details(),
      'PUT /api/checkout-sessions/:id/donate-submit': details(),
      'POST /api/checkout-sessions/:id/pay': { tx_hash: `0x${'ab'.repeat(32)}` },
      'PUT /api/checkout-sessions/:id/upsell': { from: planPrice, to: planPrice },
      'PUT /api/checkout-sessions/:id/downsell': { from: planPrice },
      'PUT /api/checkout-sessions/:id/cross-sell': { to: planPrice },
      'DELETE /api/checkout-sessions/:id/cross-sell': undefined,
      'PUT /api/checkout-sessions/:id/amount': { priceId: tipPrice, amount: '5000000' },
      'POST /api/checkout-sessions/:id/mandate': undefined,
    };
    const actions = server.app.kiosk.routes.filter(
      (route) =>
        route.url.startsWith('/api/checkout-sessions/:id/') &&
        route.method !== 'GET' &&
        route.method !== 'HEAD' &&
        !route.access.includes('apiKey'),
    );
    expect(actions.map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(bodies).sort());

    const otherToken = (
      await merchant.test('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: TestWallet.random().did },
      })
    ).body.token;
    const callers = {
      anonymous: { client: cookieClient(server.url), expected: 401, query: '' },
      'another buyer': { client: await signedIn(server, TestWallet.random()), expected: 403, query: '' },
      "another buyer's authToken": {
        client: cookieClient(server.url),
        expected: 403,
        query: `?authToken=${otherToken}`,
      },
    };
    const outcomes: string[] = [];
    for (const route of actions) {
      const key = `${route.method} ${route.url}`;
      for (const [who, { client, expected, query }] of Object.entries(callers)) {
        const answer = await client.request(`${route.url.replace(':id', id)}${query}`, {
          method: route.method,
          body: bodies[key],
        });
        if (answer.status !== expected)
          outcomes.push(`${key} as ${who}: ${answer.status}, expected ${expected}`);
      }
    }
    expect(outcomes).toEqual([]);
    const after = (await a.request(`/api/checkout-sessions/retrieve/${id}`)).body;
    expect(after.customer.name).toBe('Ada');
    expect(after.checkoutSession.amount_total).toBe(total);
    expect(after.paymentIntent.status).toBe('requires_action');
  });
});
