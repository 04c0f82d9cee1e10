import { evmMethodBody, merchantOf, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(await testEngines())('catalog on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let tokenId: string;
  let etherId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() });
    expect(method.status).toBe(201);
    [tokenId, etherId] = method.body.payment_currencies.map((c: { id: string }) => c.id);
  });
  afterAll(() => server?.close());

  const count = async (table: 'products' | 'prices' | 'events') =>
    Number(
      (
        await server.app.kiosk.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a payment method with its currencies in the key mode, and keeps test data out of live lists', async () => {
    const test = await merchant.test('/api/payment-methods');
    expect(test.body.count).toBe(1);
    expect(test.body.list[0]).toMatchObject({
      livemode: false,
      type: 'evm',
      default_currency_id: tokenId,
      settings: { chain_id: 31337, receiving_address: '0x1111111111111111111111111111111111111111' },
      payment_currencies: [
        {
          symbol: 'KDT',
          decimal: 6,
          is_base_currency: false,
          contract: '0x2222222222222222222222222222222222222222',
        },
        { symbol: 'ETH', decimal: 18, is_base_currency: true, contract: null },
      ],
    });
    expect((await merchant.live('/api/payment-methods')).body.count).toBe(0);
  });

  it('gives checkout pages the active methods without the RPC URL', async () => {
    const settings = await merchant.owner.request('/api/settings?livemode=false');
    expect(settings.status).toBe(200);
    expect(settings.body.paymentMethods).toHaveLength(1);
    expect(settings.body.paymentMethods[0].settings.api_host).toBeUndefined();
    expect(settings.body.baseCurrency.symbol).toBe('KDT');
    expect((await merchant.owner.request('/api/settings')).body.paymentMethods).toEqual([]);
  });

  it('creates a product with inline prices, keeping 78-digit amounts exact', async () => {
    const huge = (2n ** 256n - 1n).toString();
    const created = await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Pro plan',
        prices: [
          { currency_id: tokenId, unit_amount: '5000000' },
          {
            currency_id: etherId,
            unit_amount: huge,
            type: 'recurring',
            recurring: { interval: 'month', interval_count: 3 },
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^prod_/);
    expect(created.body.prices.map((p: { unit_amount: string }) => p.unit_amount)).toEqual(['5000000', huge]);
    expect(created.body.prices[1].recurring).toEqual({
      interval: 'month',
      interval_count: 3,
      usage_type: 'licensed',
      proration_mode: 'prorate',
    });
    const fetched = await merchant.test(`/api/prices/${created.body.prices[1].id}`);
    expect(fetched.body.unit_amount).toBe(huge);
  });

  it('refuses a bad price with a detail per rule and writes nothing', async () => {
    const before = [await count('products'), await count('prices'), await count('events')];
    const response = await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Broken',
        prices: [
          { currency_id: tokenId, unit_amount: '100' },
          {
            currency_id: 'pc_missing',
            custom_unit_amount: { minimum: '10', maximum: '5', preset: '20' },
            type: 'recurring',
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.prices.1.currency_id', message: 'No such payment currency in this mode' },
        { path: 'body.prices.1.recurring', message: 'A recurring price needs recurring.interval' },
        { path: 'body.prices.1.custom_unit_amount.maximum', message: 'The maximum is below the minimum' },
      ]),
    );
    expect([await count('products'), await count('prices'), await count('events')]).toEqual(before);
  });

  it('names an unsupported interval and a non-integer amount in the caller language', async () => {
    const product = (await merchant.test('/api/products', { method: 'POST', body: { name: 'P' } })).body;
    const bad = await merchant.test('/api/prices?locale=zh', {
      method: 'POST',
      body: {
        product_id: product.id,
        currency_id: tokenId,
        unit_amount: '1.5',
        type: 'recurring',
        recurring: { interval: 'fortnight' },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { path: 'body.unit_amount', message: '必须是以最小货币单位表示的整数字符串' },
        { path: 'body.recurring.interval', message: '不支持的订阅周期' },
      ]),
    );
  });

  it('refuses a metered price until usage billing exists, inline or alone, and writes nothing', async () => {
    const metered = {
      currency_id: tokenId,
      unit_amount: '100',
      type: 'recurring',
      recurring: { interval: 'month', usage_type: 'metered' },
    };
    const before = [await count('products'), await count('prices'), await count('events')];
    const inline = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Usage plan', prices: [{ currency_id: tokenId, unit_amount: '1' }, metered] },
    });
    expect(inline.status).toBe(400);
    expect(inline.body).toMatchObject({
      code: 'METERED_NOT_SUPPORTED',
      error: 'Metered prices (usage_type: metered) are not supported yet: use a licensed recurring price',
      details: [{ path: 'body.prices.1.recurring.usage_type' }],
    });
    expect([await count('products'), await count('prices'), await count('events')]).toEqual(before);

    const product = (await merchant.test('/api/products', { method: 'POST', body: { name: 'Q' } })).body;
    const alone = await merchant.test('/api/prices?locale=zh', {
      method: 'POST',
      body: { product_id: product.id, ...metered },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.code).toBe('METERED_NOT_SUPPORTED');
    expect(alone.body.error).toMatch(/^暂不支持按用量计费的价格/);
    const licensed = await merchant.test('/api/prices', {
      method: 'POST',
      body: { product_id: product.id, ...metered, recurring: { interval: 'month', usage_type: 'licensed' } },
    });
    expect(licensed.status).toBe(201);
  });

  it('creates once per Idempotency-Key, and refuses the key for another body', async () => {
    const before = await count('products');
    const headers = { 'idempotency-key': 'create-widget-1' };
    const first = await merchant.test('/api/products', { method: 'POST', body: { name: 'Widget' }, headers });
    const second = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Widget' },
      headers,
    });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(await count('products')).toBe(before + 1);
    const other = await merchant.test('/api/products', { method: 'POST', body: { name: 'Gadget' }, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Another caller may use the same key for its own request.
    const live = await merchant.live('/api/products', { method: 'POST', body: { name: 'Gadget' }, headers });
    expect(live.status).toBe(201);
  });

  it('changes only the fields a product update names', async () => {
    const target = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Extra', prices: [{ currency_id: tokenId, unit_amount: '1' }] },
      })
    ).body;
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Kept',
          type: 'good',
          active: false,
          images: ['https://example.com/a.png'],
          unit_label: 'piece',
          metadata: { sku: '42' },
          cross_sell: { cross_sells_to_id: target.prices[0].id },
        },
      })
    ).body;
    const updated = (
      await merchant.test(`/api/products/${product.id}`, { method: 'PUT', body: { description: 'Soft' } })
    ).body;
    const { updated_at: _before, description: _none, ...unchanged } = product;
    expect(updated).toMatchObject({ ...unchanged, description: 'Soft' });
  });

  it('writes an event for each change', async () => {
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Evented', prices: [{ currency_id: tokenId, unit_amount: '1' }] },
      })
    ).body;
    await merchant.test(`/api/products/${product.id}`, { method: 'PUT', body: { active: false } });
    const events = await server.app.kiosk.database.db
      .selectFrom('events')
      .select(['type', 'object_id'])
      .where('object_id', 'in', [product.id, product.prices[0].id])
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['price.created', 'product.created', 'product.updated']);
  });
});
