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
import { TestClock } from '@kiosk/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAsVerified } from './test-support/settle.ts';

/** Where Kiosk Pay once answered otherwise than the seeds' API (seed 000 §7, seed 001 §7 and §9). */
describe.each(await testEngines())('the seed API on %s', (engine) => {
  const clock = new TestClock();
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let methodId: string;
  let kdt: string;
  let price: string;
  let wrap: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock });
    merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    wrap = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: { name: 'Gift wrap', prices: [{ currency_id: kdt, unit_amount: '1000000' }] },
      })
    ).body.prices[0].id;
    price = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          cross_sell: { cross_sells_to_id: wrap },
          prices: [{ currency_id: kdt, unit_amount: '2500000' }],
        },
      })
    ).body.prices[0].id;
  });
  afterAll(() => server?.close());

  const link = async (extra: Record<string, unknown> = {}) =>
    (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price }], ...extra },
      })
    ).body;
  const details = { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' };

  it('takes cross_sell_behavior "optional" as "auto"', async () => {
    const created = await link({ cross_sell_behavior: 'optional' });
    expect(created.cross_sell_behavior).toBe('auto');
    const buyer = await signedIn(server, TestWallet.random());
    const id = (await buyer.request(`/api/checkout-sessions/start/${created.id}`, { method: 'POST' })).body
      .checkoutSession.id;
    // Offered, not required: submitting without it is fine.
    expect((await buyer.request(`/api/checkout-sessions/${id}/cross-sell`)).status).toBe(200);
    const submitted = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: { ...details, payment_method: methodId, payment_currency: kdt },
    });
    expect(submitted.status).toBe(200);
  });

  it('answers sync-to-space with 204 for a buyer, and 401 for nobody', async () => {
    const buyer = await signedIn(server, TestWallet.random());
    expect((await buyer.request('/api/customers/sync-to-space', { method: 'POST' })).status).toBe(204);
    expect(
      (await cookieClient(server.url).request('/api/customers/sync-to-space', { method: 'POST' })).status,
    ).toBe(401);
  });

  it('gives customers a fullName, the name they gave at checkout', async () => {
    const buyer = await signedIn(server, TestWallet.random());
    const id = (await buyer.request(`/api/checkout-sessions/start/${(await link()).id}`, { method: 'POST' }))
      .body.checkoutSession.id;
    await buyer.request(`/api/checkout-sessions/${id}/submit`, {
      method: 'PUT',
      body: { ...details, payment_method: methodId, payment_currency: kdt },
    });
    const me = (await buyer.request('/api/customers/me?livemode=false')).body;
    expect(me).toMatchObject({ name: 'Ada Lovelace', fullName: 'Ada Lovelace' });
    expect((await merchant.test(`/api/customers/${me.id}`)).body.fullName).toBe('Ada Lovelace');
  });

  it("lists a buyer's invoices ten to a page unless asked otherwise", async () => {
    const wallet = TestWallet.random();
    const buyer = await signedIn(server, wallet);
    const shared = (await link()).id;
    for (let i = 0; i < 11; i++) {
      const id = (await buyer.request(`/api/checkout-sessions/start/${shared}`, { method: 'POST' })).body
        .checkoutSession.id;
      const submitted = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: { ...details, payment_method: methodId, payment_currency: kdt },
      });
      // An order is invoiced when it is paid (issue 21 item 3).
      await payAsVerified(server, buyer, id, {
        amount: BigInt(submitted.body.paymentIntent.amount),
        payer: wallet.address,
      });
      clock.advance({ seconds: 4 }); // past the 3 s in which a repeat start answers the same session
    }
    const page = (await buyer.request('/api/invoices?livemode=false')).body;
    expect(page.count).toBe(11);
    expect(page.list).toHaveLength(10);
    expect((await buyer.request('/api/invoices?livemode=false&pageSize=20')).body.list).toHaveLength(11);
  });

  it('treats a lapsed authToken as nobody where anybody may look, and refuses it where a buyer is needed', async () => {
    const wallet = TestWallet.random();
    const token = (
      await merchant.test('/api/auth-tokens', {
        method: 'POST',
        body: { customer_did: wallet.did, expires_in: 60 },
      })
    ).body.token;
    const host = cookieClient(server.url);
    const id = (
      await host.request(`/api/checkout-sessions/start/${(await link()).id}?authToken=${token}`, {
        method: 'POST',
      })
    ).body.checkoutSession.id;
    clock.advance({ seconds: 120 });
    const polled = await host.request(`/api/checkout-sessions/retrieve/${id}?authToken=${token}`);
    expect(polled.status).toBe(200);
    expect(polled.body.checkoutSession.id).toBe(id);
    const submit = await host.request(`/api/checkout-sessions/${id}/submit?authToken=${token}`, {
      method: 'PUT',
      body: { ...details, payment_method: methodId, payment_currency: kdt },
    });
    expect(submit.status).toBe(401);
    expect(submit.body.code).toBe('INVALID_AUTH_TOKEN');
  });
});
