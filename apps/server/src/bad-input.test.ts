import { TestWallet } from '@kiosk/test-wallet';
import {
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Input that once broke the server (a 5xx) is a 4xx with a code, and writes nothing: JSON nested
 * thousands deep, a NUL character (PostgreSQL text cannot hold one), money beyond uint256.
 */
describe.each(await testEngines())('bad input on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let methodId: string;
  let kdt: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
  });
  afterAll(() => server?.close());

  const nested = (depth: number) => {
    let value = '1';
    for (let i = 0; i < depth; i++) value = `{"a":${value}}`;
    return value;
  };
  const rawPost = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const count = async (table: 'products' | 'checkout_sessions') =>
    Number(
      (
        await server.app.kiosk.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses JSON nested thousands deep with 400, from anyone', async () => {
    const anonymous = await rawPost('/api/did/login/token', `{"params":${nested(5_000)}}`);
    expect(anonymous.status).toBe(400);
    expect((await anonymous.json()).code).toBe('INVALID_JSON');

    const before = await count('products');
    const products = await rawPost('/api/products', `{"name":"Deep","metadata":${nested(5_000)}}`, {
      authorization: `Bearer ${merchant.testKey}`,
    });
    expect(products.status).toBe(400);
    expect(await count('products')).toBe(before);
    // Ordinary nesting is fine.
    const shallow = await rawPost('/api/products', `{"name":"Shallow","metadata":${nested(20)}}`, {
      authorization: `Bearer ${merchant.testKey}`,
    });
    expect(shallow.status).toBe(201);
  });

  it('refuses a NUL character in text with 400 VALIDATION_FAILED, naming the field', async () => {
    const before = await count('products');
    const product = await merchant.test('/api/products', { method: 'POST', body: { name: 'Post\u0000er' } });
    expect(product.status).toBe(400);
    expect(product.body.code).toBe('VALIDATION_FAILED');
    expect(product.body.details).toEqual([expect.objectContaining({ path: 'body.name' })]);
    expect(await count('products')).toBe(before);

    const price = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Poster', prices: [{ currency_id: kdt, unit_amount: '1000000' }] },
      })
    ).body.prices[0].id;
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price }] },
      })
    ).body.id;
    const buyer = await signedIn(server, TestWallet.random());
    const id = (await buyer.request(`/api/checkout-sessions/start/${link}`, { method: 'POST' })).body
      .checkoutSession.id;
    const submit = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada\u0000',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    expect(submit.status).toBe(400);
    expect(submit.body.details).toEqual([expect.objectContaining({ path: 'body.customer_name' })]);
  });

  it('refuses money beyond uint256 at the edge, in a price and in a total', async () => {
    const uint256Max = (2n ** 256n - 1n).toString();
    const tooLarge = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Too much', prices: [{ currency_id: kdt, unit_amount: (2n ** 256n).toString() }] },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.code).toBe('VALIDATION_FAILED');

    const price = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Almost all', prices: [{ currency_id: kdt, unit_amount: uint256Max }] },
      })
    ).body.prices[0].id;
    const before = await count('checkout_sessions');
    const session = await merchant.test('/api/checkout-sessions', {
      method: 'POST',
      body: { line_items: [{ price_id: price, quantity: 2 }] },
    });
    expect(session.status).toBe(400);
    expect(session.body.code).toBe('AMOUNT_TOO_LARGE');
    expect(await count('checkout_sessions')).toBe(before);

    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: price, quantity: 2 }] },
    });
    expect(link.status).toBe(400);
    expect(link.body.code).toBe('AMOUNT_TOO_LARGE');
  });
});
