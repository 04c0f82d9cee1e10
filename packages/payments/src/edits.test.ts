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

describe.each(await testEngines())('editing a checkout session on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let method: { id: string; payment_currencies: { id: string }[] };
  let base: string;
  let upgraded: string;
  let extra: string;
  let tip: string;
  let ethTip: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
    const [kdt, eth] = method.payment_currencies.map((c) => c.id);
    const create = async (body: Record<string, unknown>) => {
      const created = await merchant.test('/api/products', { method: 'POST', body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body;
    };
    extra = (await create({ name: 'Gift wrap', prices: [{ currency_id: kdt, unit_amount: '2000000' }] }))
      .prices[0].id;
    const yearly = (await create({ name: 'Plan', prices: [{ currency_id: kdt, unit_amount: '9000000' }] }))
      .prices[0].id;
    upgraded = yearly;
    const plan = await create({
      name: 'Plan',
      cross_sell: { cross_sells_to_id: extra },
      prices: [{ currency_id: kdt, unit_amount: '5000000', upsell: { upsells_to_id: yearly } }],
    });
    base = plan.prices[0].id;
    const tips = await create({
      name: 'Tip',
      prices: [
        {
          currency_id: kdt,
          custom_unit_amount: { presets: ['1000000'], minimum: '10000', maximum: '100000000' },
        },
        { currency_id: eth, custom_unit_amount: { presets: ['1000000000000000'] } },
      ],
    });
    [tip, ethTip] = tips.prices.map((p: { id: string }) => p.id);
  });
  afterAll(() => server?.close());

  async function session(lines: { price_id: string }[], extraOptions: Record<string, unknown> = {}) {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: lines, ...extraOptions },
      })
    ).body;
    return (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
        method: 'POST',
        headers: { 'user-agent': String(Math.random()) },
      })
    ).body.checkoutSession.id as string;
  }
  const call = (id: string, path: string, method: string, body?: unknown) =>
    cookieClient(server.url).request(`/api/checkout-sessions/${id}/${path}`, { method, body });

  it('upsells a line to its upsell price and downsells it back, re-pricing each time', async () => {
    const id = await session([{ price_id: base }]);
    // Before the upsell, the line shows the offer so the page can price it.
    const offered = await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`);
    expect(offered.body.checkoutSession.line_items[0]).toMatchObject({
      price_id: base,
      upsell_price: { id: upgraded, unit_amount: '9000000' },
    });
    expect(offered.body.checkoutSession.line_items[0].upsell_price_id).toBeUndefined();
    const up = await call(id, 'upsell', 'PUT', { from: base, to: upgraded });
    expect(up.status).toBe(200);
    expect(up.body.amount_total).toBe('9000000');
    expect(up.body.line_items[0]).toMatchObject({
      price_id: upgraded,
      upsell_price_id: base,
      upsell_price: { id: base },
    });
    const down = await call(id, 'downsell', 'PUT', { from: upgraded });
    expect(down.body.amount_total).toBe('5000000');
    expect(down.body.line_items[0].price_id).toBe(base);
    expect(down.body.line_items[0].upsell_price_id).toBeUndefined();
    expect(down.body.line_items[0].upsell_price.id).toBe(upgraded);
    expect((await call(id, 'upsell', 'PUT', { from: base, to: extra })).body.code).toBe('UPSELL_NOT_OFFERED');
  });

  it('offers, adds and removes the cross-sell item', async () => {
    const id = await session([{ price_id: base }]);
    expect((await call(id, 'cross-sell', 'GET')).body).toMatchObject({
      id: extra,
      product: { name: 'Gift wrap' },
    });
    const added = await call(id, 'cross-sell', 'PUT', { to: extra });
    expect(added.body.amount_total).toBe('7000000');
    expect((await call(id, 'cross-sell', 'PUT', { to: extra })).body.line_items).toHaveLength(2);
    const removed = await call(id, 'cross-sell', 'DELETE');
    expect(removed.body.line_items).toHaveLength(1);
    expect(removed.body.amount_total).toBe('5000000');
    expect((await call(id, 'cross-sell', 'PUT', { to: upgraded })).body.code).toBe('CROSS_SELL_NOT_OFFERED');
    // A session whose items offer nothing: 404, or null for a page that asks to skip the error.
    const plain = await session([{ price_id: extra }]);
    expect((await call(plain, 'cross-sell', 'GET')).status).toBe(404);
    const skipped = await call(plain, 'cross-sell?skipError=1', 'GET');
    expect(skipped.status).toBe(200);
    expect(skipped.body).toBeNull();
  });

  it('refuses a submit without a required cross-sell, and accepts it once added', async () => {
    const id = await session([{ price_id: base }], { cross_sell_behavior: 'required' });
    const buyer = await signedIn(server, TestWallet.random());
    const body = {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      payment_method: method.id,
      payment_currency: method.payment_currencies[0]!.id,
    };
    const refused = await buyer.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('REQUIRE_CROSS_SELL');
    await call(id, 'cross-sell', 'PUT', { to: extra });
    expect((await buyer.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body })).status).toBe(
      200,
    );
  });

  it('sets a custom amount within the range and the currency precision', async () => {
    const id = await session([{ price_id: tip }]);
    expect((await call(id, 'amount', 'PUT', { priceId: tip, amount: '2500000' })).body.amount_total).toBe(
      '2500000',
    );
    const low = await call(id, 'amount', 'PUT', { priceId: tip, amount: '9999' });
    expect(low.body.details[0]).toEqual({
      path: 'body.amount',
      message: 'The amount lies outside the allowed range',
    });
    const ethSession = await merchant.test('/api/checkout-sessions', {
      method: 'POST',
      body: { currency_id: method.payment_currencies[1]!.id, line_items: [{ price_id: ethTip }] },
    });
    const precise = await call(ethSession.body.id, 'amount', 'PUT', {
      priceId: ethTip,
      amount: '1000000000001',
    });
    expect(precise.body.details[0].message).toBe('Too many decimal places for this currency');
    expect((await call(id, 'amount', 'PUT', { priceId: tip, amount: '1.5' })).status).toBe(400);
  });

  it('re-aims a submitted intent, and locks the order once a transfer is named', async () => {
    const id = await session([{ price_id: base }]);
    const buyer = await signedIn(server, TestWallet.random());
    const body = {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      payment_method: method.id,
      payment_currency: method.payment_currencies[0]!.id,
    };
    const submitted = (await buyer.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body }))
      .body;
    // Once submitted, the session is the buyer's: only they edit it (session-owner.test.ts).
    await buyer.request(`/api/checkout-sessions/${id}/upsell`, {
      method: 'PUT',
      body: { from: base, to: upgraded },
    });
    const intent = await server.app.kiosk.database.db
      .selectFrom('payment_intents')
      .select('amount')
      .where('id', '=', submitted.paymentIntent.id)
      .executeTakeFirstOrThrow();
    expect(String(intent.amount)).toBe('9000000');
    await buyer.request(`/api/checkout-sessions/${id}/pay`, {
      method: 'POST',
      body: { tx_hash: `0x${'cd'.repeat(32)}` },
    });
    const locked = await buyer.request(`/api/checkout-sessions/${id}/downsell`, {
      method: 'PUT',
      body: { from: upgraded },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('PAYMENT_IN_PROGRESS');
  });
});
