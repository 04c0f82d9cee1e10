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
import { payAsVerified } from './test-support/settle.ts';

type Mode = 'test' | 'live';
type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe.each(await testEngines())('customers, payment intents and invoices on %s', (engine) => {
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let shop: Record<Mode, Awaited<ReturnType<typeof openShop>>>;

  /** A method with a token (6 decimals) and ether (18), and a price in each plus a free one. */
  async function openShop(mode: Mode) {
    const api = merchant[mode];
    const method = (await api('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
    const [token, ether] = method.payment_currencies.map((c: { id: string }) => c.id);
    const product = (
      await api('/api/products', {
        method: 'POST',
        body: {
          name: 'Poster',
          prices: [
            { currency_id: token, unit_amount: '2500000' },
            { currency_id: ether, unit_amount: '9000000000000000001' },
            { currency_id: token, unit_amount: '0' },
          ],
        },
      })
    ).body;
    const [inToken, inEther, free] = ids(product.prices);
    return {
      method: method.id as string,
      token: token as string,
      ether: ether as string,
      prices: { token: inToken!, ether: inEther!, free: free! },
    };
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    merchant = await merchantOf(server);
    shop = { test: await openShop('test'), live: await openShop('live') };
  });
  afterAll(() => server?.close());

  /** The buyer submits a fresh session for one line of the shop's `price`. */
  async function buy(
    buyer: Client,
    {
      mode = 'test',
      price = 'token',
      quantity = 1,
    }: { mode?: Mode; price?: 'token' | 'ether' | 'free'; quantity?: number } = {},
  ) {
    const { method, token, ether, prices } = shop[mode];
    const link = (
      await merchant[mode]('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: prices[price], quantity }] },
      })
    ).body;
    const started = await cookieClient(server.url).request(`/api/checkout-sessions/start/${link.id}`, {
      method: 'POST',
      headers: { 'user-agent': Math.random().toString() },
    });
    const submitted = await buyer.request(
      `/api/checkout-sessions/${started.body.checkoutSession.id}/submit`,
      {
        method: 'PUT',
        body: {
          customer_name: 'Ada Lovelace',
          customer_email: 'ada@example.com',
          payment_method: method,
          payment_currency: price === 'ether' ? ether : token,
        },
      },
    );
    expect(submitted.status).toBe(200);
    return {
      customer: submitted.body.customer.id as string,
      intent: submitted.body.paymentIntent.id as string,
      amount: BigInt(submitted.body.paymentIntent.amount),
      session: submitted.body.checkoutSession.id as string,
    };
  }

  /** The buyer pays their order; it is invoiced then (issue 21 item 3). Answers its invoice. */
  async function pay(client: Client, wallet: TestWallet, order: Awaited<ReturnType<typeof buy>>) {
    await payAsVerified(server, client, order.session, { amount: order.amount, payer: wallet.address });
    return (await merchant.test(`/api/checkout-sessions/${order.session}`)).body.invoice_id as string;
  }

  async function buyer() {
    const wallet = TestWallet.random();
    return { wallet, did: didOf(wallet), client: await signedIn(server, wallet) };
  }

  it("answers the buyer's own customer in the asked mode, and 404 before the first submit unless fallback is set", async () => {
    const { did, client } = await buyer();
    const none = await client.request('/api/customers/me?livemode=false');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('CUSTOMER_NOT_FOUND');
    const fallback = await client.request('/api/customers/me?livemode=false&skipSummary=1&fallback=1');
    expect(fallback.status).toBe(200);
    expect(fallback.body).toEqual({
      id: null,
      object: 'customer',
      livemode: false,
      did,
      name: null,
      fullName: null,
      email: null,
      phone: null,
      address: {},
      metadata: {},
      created_at: null,
      updated_at: null,
      test_clock: null,
    });
    const withSummary = await client.request('/api/customers/me?livemode=false&fallback=true');
    expect([withSummary.body.id, withSummary.body.summary]).toEqual([null, { paid: {}, due: {} }]);

    const { customer } = await buy(client);
    const me = await client.request('/api/customers/me?livemode=false&skipSummary=1&fallback=1');
    expect(me.body).toMatchObject({ id: customer, did, livemode: false, name: 'Ada Lovelace' });
    expect(me.body.summary).toBeUndefined();
    expect((await client.request('/api/customers/me')).status).toBe(404);
  });

  it("answers an authToken's customer in the token's mode", async () => {
    const { did, client } = await buyer();
    const { customer } = await buy(client);
    const { token } = (
      await merchant.test('/api/auth-tokens', { method: 'POST', body: { customer_did: did } })
    ).body;
    const me = await cookieClient(server.url).request('/api/customers/me?skipSummary=true', {
      headers: { 'x-auth-token': token },
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: customer, did, livemode: false });
  });

  it('sums what a customer has paid per currency, exactly for 18-decimal amounts beyond 2^64, and owes nothing unpaid', async () => {
    const { wallet, client } = await buyer();
    await pay(client, wallet, await buy(client, { price: 'ether', quantity: 3 }));
    await pay(client, wallet, await buy(client, { price: 'ether' }));
    await pay(client, wallet, await buy(client, { quantity: 2 }));
    // Submitted and never paid: nothing is owed for it (issue 21 item 3).
    await buy(client);

    const me = await client.request('/api/customers/me?livemode=false');
    expect(me.body.summary).toEqual({
      // 27000000000000000003 + 9000000000000000001: past 2^53 (floats) and 2^63 (SQLite's own sum).
      paid: { [shop.test.ether]: '36000000000000000004', [shop.test.token]: '5000000' },
      due: {},
    });
  });

  it("lists and reads the key's mode only, newest first, and filters", async () => {
    const { did, wallet, client } = await buyer();
    const first = await buy(client);
    const second = await buy(client, { price: 'ether' });
    const live = await buy(client, { mode: 'live' });

    const testCustomers = (await merchant.test(`/api/customers?did=${encodeURIComponent(did)}`)).body;
    expect(testCustomers).toMatchObject({ count: 1, list: [{ id: first.customer, livemode: false }] });
    const liveCustomers = (await merchant.live(`/api/customers?did=${encodeURIComponent(did)}`)).body;
    expect(liveCustomers).toMatchObject({ count: 1, list: [{ id: live.customer, livemode: true }] });
    const byEmail = (await merchant.test('/api/customers?email=ada@example.com&pageSize=100')).body;
    expect(ids(byEmail.list)).toContain(first.customer);
    expect(ids(byEmail.list)).not.toContain(live.customer);
    expect((await merchant.test(`/api/customers/${first.customer}`)).body.did).toBe(did);
    const otherMode = await merchant.live(`/api/customers/${first.customer}`);
    expect([otherMode.status, otherMode.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);

    const intents = (await merchant.test(`/api/payment-intents?customer_id=${first.customer}`)).body;
    expect(intents.count).toBe(2);
    expect(ids(intents.list)).toEqual([second.intent, first.intent]);
    const bySession = (await merchant.test(`/api/payment-intents?checkout_session_id=${first.session}`)).body;
    expect(ids(bySession.list)).toEqual([first.intent]);
    const succeeded = (
      await merchant.test(`/api/payment-intents?customer_id=${first.customer}&status=succeeded`)
    ).body;
    expect(succeeded.count).toBe(0);
    expect((await merchant.live(`/api/payment-intents?customer_id=${first.customer}`)).body.count).toBe(0);
    expect((await merchant.test(`/api/payment-intents/${first.intent}`)).body.amount).toBe('2500000');
    const intentElsewhere = await merchant.live(`/api/payment-intents/${first.intent}`);
    expect([intentElsewhere.status, intentElsewhere.body.code]).toEqual([404, 'PAYMENT_INTENT_NOT_FOUND']);

    const firstInvoice = await pay(client, wallet, first);
    const secondInvoice = await pay(client, wallet, second);
    const invoices = (await merchant.test(`/api/invoices?customer_id=${first.customer}`)).body;
    expect(ids(invoices.list)).toEqual([secondInvoice, firstInvoice]);
    const inEther = (
      await merchant.test(`/api/invoices?customer_id=${first.customer}&currency_id=${shop.test.ether}`)
    ).body;
    expect(ids(inEther.list)).toEqual([secondInvoice]);
    expect((await merchant.live(`/api/invoices?customer_id=${first.customer}`)).body.count).toBe(0);
    const invoiceElsewhere = await merchant.live(`/api/invoices/${firstInvoice}`);
    expect([invoiceElsewhere.status, invoiceElsewhere.body.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const ownerSees = (await merchant.owner.request(`/api/invoices/${firstInvoice}?livemode=false`)).body;
    expect(ownerSees).toMatchObject({ id: firstInvoice, status: 'paid', total: '2500000' });
  });

  it('shows a buyer only their own invoices: 403 for another customer_id, 404 for another invoice, none before buying', async () => {
    const ada = await buyer();
    const bob = await buyer();
    const adaBought = await buy(ada.client);
    const bobBought = await buy(bob.client);
    const adas = { ...adaBought, invoice: await pay(ada.client, ada.wallet, adaBought) };
    const bobs = { ...bobBought, invoice: await pay(bob.client, bob.wallet, bobBought) };

    const own = (await ada.client.request('/api/invoices?livemode=false')).body;
    expect(own).toMatchObject({ count: 1, list: [{ id: adas.invoice, customer_id: adas.customer }] });
    const asked = await ada.client.request(`/api/invoices?livemode=false&customer_id=${adas.customer}`);
    expect(ids(asked.body.list)).toEqual([adas.invoice]);
    const others = await ada.client.request(`/api/invoices?livemode=false&customer_id=${bobs.customer}`);
    expect([others.status, others.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await ada.client.request(`/api/invoices/${adas.invoice}?livemode=false`)).status).toBe(200);
    const hidden = await ada.client.request(`/api/invoices/${bobs.invoice}?livemode=false`);
    expect([hidden.status, hidden.body.code]).toEqual([404, 'INVOICE_NOT_FOUND']);

    const { token } = (
      await merchant.test('/api/auth-tokens', { method: 'POST', body: { customer_did: bob.did } })
    ).body;
    const host = await cookieClient(server.url).request('/api/invoices', {
      headers: { 'x-auth-token': token },
    });
    expect(ids(host.body.list)).toEqual([bobs.invoice]);

    const newcomer = await buyer();
    expect((await newcomer.client.request('/api/invoices?livemode=false')).body).toEqual({
      list: [],
      count: 0,
      subscription: null,
    });
  });

  it('filters invoices by a comma-separated status list and refuses an unknown status', async () => {
    const { wallet, client } = await buyer();
    await buy(client); // never paid: never invoiced (issue 21 item 3)
    const paid = await pay(client, wallet, await buy(client));
    const list = async (status: string) =>
      ids((await client.request(`/api/invoices?livemode=false&status=${status}`)).body.list);
    expect(await list('paid')).toEqual([paid]);
    expect(await list('open,uncollectible')).toEqual([]);
    expect(await list('open,paid,void')).toEqual([paid]);

    const refused = await client.request('/api/invoices?livemode=false&status=open,unpaid');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.details[0].path).toMatch(/^querystring\.status/);
  });

  it('leaves out invoices whose total is 0 with ignore_zero=true', async () => {
    const { wallet, client } = await buyer();
    const priced = await pay(client, wallet, await buy(client));
    const free = await pay(client, wallet, await buy(client, { price: 'free' }));
    const list = async (query: string) =>
      ids((await client.request(`/api/invoices?livemode=false${query}`)).body.list);
    expect(await list('')).toEqual([free, priced]);
    expect(await list('&ignore_zero=true')).toEqual([priced]);
    expect(await list('&ignore_zero=false&include_staking=true')).toEqual([free, priced]);
  });
});
