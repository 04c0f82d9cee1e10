import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  evmMethodBody,
  merchantOf,
  RECEIVER,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
  TOKEN,
} from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(await testEngines())('checkout submit on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let method: { id: string; payment_currencies: { id: string }[] };
  let price: string;
  let limited: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
    const [token, ether] = method.payment_currencies.map((c) => c.id);
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            {
              currency_id: token,
              unit_amount: '2500000',
              currency_options: [{ currency_id: ether, unit_amount: '1000000000000000' }],
            },
            {
              currency_id: token,
              unit_amount: '1000000',
              quantity_available: 5,
              quantity_limit_per_checkout: 2,
            },
          ],
        },
      })
    ).body;
    [price, limited] = product.prices.map((p: { id: string }) => p.id);
  });
  afterAll(() => server?.close());

  async function session(
    lines: { price_id: string; quantity?: number }[],
    extra: Record<string, unknown> = {},
  ) {
    const link = (
      await merchant.test('/api/payment-links', { method: 'POST', body: { line_items: lines, ...extra } })
    ).body;
    return (
      await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
        method: 'POST',
        headers: { 'user-agent': Math.random().toString() },
      })
    ).body.checkoutSession.id as string;
  }
  const details = (overrides: Record<string, unknown> = {}) => ({
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    payment_method: method.id,
    payment_currency: method.payment_currencies[0]!.id,
    ...overrides,
  });
  const count = async (table: 'payment_intents' | 'invoices' | 'customers') =>
    Number(
      (
        await server.app.kiosk.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('asks anonymous buyers to sign in first', async () => {
    const id = await session([{ price_id: price }]);
    const response = await cookieClient(server.url).request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: details(),
    });
    expect(response.status).toBe(401);
  });

  it('creates the customer and an awaiting payment intent, and says how to pay; nothing is invoiced before it is paid', async () => {
    const buyer = TestWallet.random();
    const client = await signedIn(server, buyer);
    const id = await session([{ price_id: price, quantity: 2 }]);
    const invoicesBefore = await count('invoices');
    const response = await client.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: details({
        customer_phone: '13800138000',
        billing_address: { country: 'CN', postal_code: '100000' },
      }),
    });
    expect(response.status).toBe(200);
    const { checkoutSession, paymentIntent, customer, paymentInstructions } = response.body;
    expect(paymentInstructions).toEqual({
      type: 'evm_transfer',
      chain_id: 31337,
      to: RECEIVER,
      token: TOKEN,
      amount: '5000000',
      currency_id: method.payment_currencies[0]!.id,
      decimal: 6,
      symbol: 'KDT',
    });
    expect(paymentIntent).toMatchObject({
      status: 'requires_action',
      amount: '5000000',
      amount_received: '0',
    });
    expect(customer).toMatchObject({
      did: `did:pkh:eip155:1:${buyer.address.toLowerCase()}`,
      phone: '+8613800138000',
      email: 'ada@example.com',
    });
    // Issue 21 item 3: an order is invoiced when it is paid; until then its buyer owes nothing.
    expect(checkoutSession).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      payment_intent_id: paymentIntent.id,
      invoice_id: null,
    });
    expect(await count('invoices')).toBe(invoicesBefore);
  });

  it('refuses a bad email, phone and postal code with a message for each, writing nothing', async () => {
    const client = await signedIn(server, TestWallet.random());
    const id = await session([{ price_id: price }], {
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
    });
    const before = [await count('payment_intents'), await count('invoices'), await count('customers')];
    const response = await client.request(`/api/checkout-sessions/${id}/submit?locale=zh`, {
      method: 'PUT',
      body: details({
        customer_email: 'ada@@example',
        customer_phone: '1',
        billing_address: {
          country: 'DE',
          line1: 'Unter den Linden 1',
          city: 'Berlin',
          state: 'BE',
          postal_code: '1011',
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { path: 'body.customer_email', message: '请输入有效的邮箱地址' },
      { path: 'body.customer_phone', message: '请输入有效的电话号码' },
      { path: 'body.billing_address.postal_code', message: '请输入有效的邮政编码' },
    ]);
    expect([await count('payment_intents'), await count('invoices'), await count('customers')]).toEqual(
      before,
    );
  });

  it('refuses more than the per-checkout limit and more than the stock', async () => {
    const client = await signedIn(server, TestWallet.random());
    const tooMany = await client.request(
      `/api/checkout-sessions/${await session([{ price_id: limited, quantity: 3 }])}/submit`,
      { method: 'PUT', body: details() },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'EXCEED_PURCHASE_LIMIT', error: 'Exceed purchase limit' });
    await server.app.kiosk.database.db
      .updateTable('prices')
      .set({ quantity_sold: 4 })
      .where('id', '=', limited)
      .execute();
    const noStock = await client.request(
      `/api/checkout-sessions/${await session([{ price_id: limited, quantity: 2 }])}/submit`,
      { method: 'PUT', body: details() },
    );
    expect(noStock.body).toMatchObject({ code: 'EXCEED_INVENTORY', error: 'Exceed inventory' });
  });

  it('re-aims the same payment intent when the buyer switches currency', async () => {
    const client = await signedIn(server, TestWallet.random());
    const id = await session([{ price_id: price, quantity: 3 }]);
    const first = (
      await client.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body: details() })
    ).body;
    const second = (
      await client.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: details({ payment_currency: method.payment_currencies[1]!.id }),
      })
    ).body;
    expect(second.paymentIntent.id).toBe(first.paymentIntent.id);
    expect(second.paymentInstructions).toMatchObject({
      token: null,
      amount: '3000000000000000',
      symbol: 'ETH',
    });
  });

  it('makes one payment intent of concurrent submits, with and without an Idempotency-Key', async () => {
    const client = await signedIn(server, TestWallet.random());
    for (const key of [undefined, 'submit-once']) {
      const id = await session([{ price_id: price }]);
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          client.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body: details(), headers }),
        ),
      );
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThan(0);
      // Refusals may only be "still running" answers for the shared key.
      for (const refused of answers.filter((a) => a.status !== 200))
        expect(refused.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(new Set(ok.map((a) => a.body.paymentIntent.id)).size).toBe(1);
      const db = server.app.kiosk.database.db;
      expect(
        await db.selectFrom('payment_intents').select('id').where('checkout_session_id', '=', id).execute(),
      ).toHaveLength(1);
    }
  });
});
