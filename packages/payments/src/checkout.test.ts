import { eventsOf, TestClock } from '@kiosk/platform';
import {
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsDb } from './db.ts';

describe.each(await testEngines())('payment links and checkout sessions on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: string;
  let ether: string;
  let priceA: string;
  let priceB: string;
  let donation: string;
  const clock = new TestClock();

  beforeAll(async () => {
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    [token, ether] = method.payment_currencies.map((c: { id: string }) => c.id);
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Sticker pack',
          prices: [
            {
              currency_id: token,
              unit_amount: '2500000',
              currency_options: [{ currency_id: ether, unit_amount: '1000000000000000' }],
            },
            { currency_id: token, unit_amount: '1000000' },
            {
              currency_id: token,
              custom_unit_amount: {
                presets: ['1000000', '5000000', '10000000'],
                minimum: '10000',
                maximum: '100000000',
              },
            },
          ],
        },
      })
    ).body;
    [priceA, priceB, donation] = product.prices.map((p: { id: string }) => p.id);
  });
  afterAll(() => server?.close());

  async function link(body: Record<string, unknown> = {}) {
    const response = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: priceA, quantity: 2 }, { price_id: priceB }], ...body },
    });
    expect(response.status).toBe(201);
    return response.body as { id: string; url: string };
  }

  it('starts a session from a link with every line priced, in the link mode', async () => {
    const { id, url } = await link({
      metadata: { page_info: { form_purpose_description: { en: 'Why', zh: '为何' } } },
    });
    expect(url).toBe(`${server.url}/checkout/pay/${id}`);
    const started = await cookieClient(server.url).request(`/api/checkout-sessions/start/${id}`, {
      method: 'POST',
    });
    expect(started.status).toBe(200);
    const { checkoutSession: session, paymentMethods, paymentLink } = started.body;
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_/),
      object: 'checkout.session',
      livemode: false,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_link_id: id,
      currency_id: token,
      amount_total: '6000000',
      url: `${server.url}/checkout/pay/${session.id}`,
      metadata: { page_info: { form_purpose_description: { en: 'Why', zh: '为何' } } },
    });
    expect(
      session.line_items.map((l: { amount_total: string; price: { product: { name: string } } }) => [
        l.amount_total,
        l.price.product.name,
      ]),
    ).toEqual([
      ['5000000', 'Sticker pack'],
      ['1000000', 'Sticker pack'],
    ]);
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(86_000);
    expect(paymentLink.id).toBe(id);
    expect(paymentMethods[0].settings.api_host).toBeUndefined();

    const retrieved = await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${session.id}`);
    expect(retrieved.body.checkoutSession).toEqual(session);
  });

  it("answers a signed-in buyer's repeats within 3 s with one session, even all at once", async () => {
    const { id } = await link();
    const buyer = await signedIn(server, TestWallet.random());
    const start = () => buyer.request(`/api/checkout-sessions/start/${id}`, { method: 'POST' });
    const started = await Promise.all(Array.from({ length: 20 }, start));
    const ids = new Set(started.map((answer) => answer.body.checkoutSession.id));
    expect(ids.size).toBe(1);
    const someoneElse = await signedIn(server, TestWallet.random());
    const theirs = await someoneElse.request(`/api/checkout-sessions/start/${id}`, { method: 'POST' });
    expect(ids.has(theirs.body.checkoutSession.id)).toBe(false);
  });

  it('gives two anonymous visitors on one network and browser a session each', async () => {
    const { id } = await link();
    const visitor = () =>
      cookieClient(server.url).request(`/api/checkout-sessions/start/${id}`, {
        method: 'POST',
        headers: { 'user-agent': 'the same phone' },
      });
    const [first, second] = [await visitor(), await visitor()];
    expect(second.body.checkoutSession.id).not.toBe(first.body.checkoutSession.id);
  });

  it('refuses an id that is neither a payment link nor a session, with the seed message', async () => {
    const response = await cookieClient(server.url).request('/api/checkout-sessions/start/prod_123456789');
    expect(response.status).toBe(404); // GET is not a route; POST with a bad id is a 400:
    const bad = await cookieClient(server.url).request('/api/checkout-sessions/start/prod_123456789', {
      method: 'POST',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].message).toBe('Either a checkoutSession or a paymentLink id is required.');
  });

  it('refuses a link with two custom-amount lines', async () => {
    const response = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: donation }, { price_id: donation }] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'MULTIPLE_CUSTOM_AMOUNTS',
      error: 'Multiple items with custom unit amount are not supported',
    });
  });

  it('prices a custom-amount line at its middle preset and refuses amounts out of range', async () => {
    const { id } = await link({ line_items: [{ price_id: donation }] });
    const session = (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${id}`, { method: 'POST' })
    ).body.checkoutSession;
    expect(session.amount_total).toBe('5000000');
    const tooBig = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: donation, custom_amount: '100000001' }] },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details[0]).toEqual({
      path: 'body.line_items.0.custom_amount',
      message: 'The amount lies outside the allowed range',
    });
  });

  it('prices a session in another currency the prices offer', async () => {
    const created = await merchant.test('/api/checkout-sessions', {
      method: 'POST',
      body: { currency_id: ether, line_items: [{ price_id: priceA, quantity: 3 }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.amount_total).toBe('3000000000000000');
    const refused = await merchant.test('/api/checkout-sessions', {
      method: 'POST',
      body: { currency_id: ether, line_items: [{ price_id: priceB }] },
    });
    expect(refused.body.details[0].message).toBe('This price is not offered in the chosen currency');
  });

  it('says Expired Link for an inactive link', async () => {
    const { id } = await link();
    await merchant.test(`/api/payment-links/${id}`, { method: 'PUT', body: { active: false } });
    const response = await cookieClient(server.url).request(`/api/checkout-sessions/start/${id}`, {
      method: 'POST',
    });
    expect(response.status).toBe(410);
    expect(response.body.error).toBe('Expired Link');
  });

  it('expires open sessions past their time: by the sweep job, on sight, and on request', async () => {
    const make = async () =>
      (
        await merchant.test('/api/checkout-sessions', {
          method: 'POST',
          body: { line_items: [{ price_id: priceB }] },
        })
      ).body.id as string;
    const db = paymentsDb(server.app.kiosk.database);
    const swept = await make();
    clock.advance({ seconds: 24 * 60 * 60 + 1 });
    const status = async (id: string) => (await merchant.test(`/api/checkout-sessions/${id}`)).body.status;
    for (let i = 0; i < 200 && (await status(swept)) !== 'expired'; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await status(swept)).toBe('expired');

    const seen = await make();
    await db
      .updateTable('checkout_sessions')
      .set({ expires_at: clock.nowUnix() - 1 })
      .where('id', '=', seen)
      .execute();
    expect(
      (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${seen}`)).body.checkoutSession
        .status,
    ).toBe('expired');

    const asked = await make();
    expect(
      (await merchant.test(`/api/checkout-sessions/${asked}/expire`, { method: 'PUT' })).body.status,
    ).toBe('expired');
    const twice = await merchant.test(`/api/checkout-sessions/${asked}/expire`, { method: 'PUT' });
    expect(twice.status).toBe(409);

    for (const id of [swept, seen, asked]) {
      const types = (await eventsOf(server.app.kiosk.database, id)).map((e) => e.type);
      expect(types).toEqual(['checkout.session.created', 'checkout.session.expired']);
    }
  });

  it('keeps test sessions and links out of live lists', async () => {
    await link();
    expect((await merchant.live('/api/payment-links')).body.count).toBe(0);
    expect((await merchant.live('/api/checkout-sessions')).body.count).toBe(0);
    expect((await merchant.test('/api/checkout-sessions')).body.count).toBeGreaterThan(0);
  });
});
