import { startDevChain, type DevChain } from '@kiosk/devchain';
import { eventsOf, TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import { createTestClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCollector } from './methods/evm/collector/collector.ts';
import { payAsVerified } from './test-support/settle.ts';

/**
 * Issue 21 item 3: closing the pay dialog of a donation left an open "Manual invoice" with an amount
 * due in the buyer's portal, and closing a subscribe dialog an incomplete subscription that "renews
 * automatically". Nothing is owed until the buyer pays: a one-time order is invoiced when it is paid
 * (as Stripe Checkout does), its payment is canceled when its session expires; a subscription's
 * checkout that is never paid ends with its session (incomplete_expired, its first invoice voided),
 * and its buyer may discard it at once.
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const DONATION = 2_500_000n; // 2.5 KDT of 6 decimals
const MONTHLY = 1_000_000n;

type Client = Awaited<ReturnType<typeof signedIn>>;
interface Invoice {
  id: string;
  status: string;
  billing_reason: string;
  total: string;
  amount_paid: string;
  amount_remaining: string;
  attempt_count: number;
}

describe.each(await testEngines())('abandoned checkouts on %s', (engine) => {
  let clock: TestClock;
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let methodId: string;
  let kdt: string;
  let donationPrice: string;
  let monthlyPrice: string;
  // The chain gives the first 20 wallets gas; only these hold tokens (the others can sign, never pay).
  const holders = [1, 2, 3, 4].map((index) => new TestWallet({ index }));
  let nextBroke = 10;

  const testClient = () =>
    createTestClient({ mode: 'hardhat', chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });
  const walletOf = (wallet: TestWallet) =>
    createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });

  /** Moves the server's clock and the chain's to `unix` together (the collector reads the chain's). */
  async function travelTo(unix: number) {
    const step = unix - clock.nowUnix();
    if (step > 0) clock.advance({ seconds: step });
    const latest = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp);
    if (unix > latest) await testClient().setNextBlockTimestamp({ timestamp: BigInt(unix) });
    await testClient().mine({ blocks: 1 });
  }

  /** Waits for `done`, giving the job runner (polling every 20 ms) time between looks. */
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read();
    for (let i = 0; i < 400 && !done(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      value = await read();
    }
    if (!done(value)) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    return value;
  }

  beforeAll(async () => {
    chain = await startDevChain();
    const start = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp) + 10;
    clock = new TestClock(start * 1000);
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders.map((wallet) => wallet.address),
      amount: 1_000_000_000n,
    });
    const deployer = walletOf(new TestWallet({ index: 0 }));
    const collectorContract = await deployCollector(deployer, chain.publicClient);
    const collectorKey = generatePrivateKey();
    await chain.publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({
        to: privateKeyToAccount(collectorKey).address,
        value: 10n ** 18n,
      }),
    });
    server = await startTestServer(engine, { clock, env: { KIOSK_EVM_COLLECTOR_KEY: collectorKey } });
    merchant = await merchantOf(server);
    const method = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: {
          type: 'evm',
          name: 'Local chain',
          settings: {
            chain_id: chain.chainId,
            api_host: chain.rpcUrl,
            confirmation: 0,
            receiving_address: RECEIVER,
            collector_contract: collectorContract,
          },
          currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
        },
      })
    ).body;
    methodId = method.id;
    kdt = method.payment_currencies[0].id;
    const product = async (name: string, price: Record<string, unknown>) =>
      (
        await merchant.test('/api/products', {
          method: 'POST',
          body: { name, prices: [{ currency_id: kdt, ...price }] },
        })
      ).body.prices[0].id as string;
    donationPrice = await product('Tip jar', { unit_amount: DONATION.toString() });
    monthlyPrice = await product('Kiosk Pro', {
      type: 'recurring',
      unit_amount: MONTHLY.toString(),
      recurring: { interval: 'month' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /** The buyer starts a checkout of `price` from a link of its own and submits it, paying nothing. */
  async function submit(client: Client, price: string) {
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: price }] },
      })
    ).body;
    const started = await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' });
    const sessionId = started.body.checkoutSession.id as string;
    const submitted = await client.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    expect(submitted.status).toBe(200);
    return { sessionId, body: submitted.body };
  }

  /** What the portal shows its buyer: their invoices (as its list asks) and what they owe. */
  async function portalOf(client: Client) {
    const me = await client.request('/api/customers/me?livemode=false&fallback=1');
    const invoices = await client.request(
      `/api/invoices?livemode=false&customer_id=${me.body.id}&ignore_zero=true&pageSize=100`,
    );
    expect(invoices.status).toBe(200);
    return { invoices: invoices.body.list as Invoice[], due: me.body.summary.due as Record<string, string> };
  }

  const session = async (id: string) => (await merchant.test(`/api/checkout-sessions/${id}`)).body;
  const subscription = async (id: string) => (await merchant.test(`/api/subscriptions/${id}`)).body;
  const invoicesOf = async (subscriptionId: string): Promise<Invoice[]> =>
    (await merchant.test(`/api/invoices?subscription_id=${subscriptionId}&pageSize=100`)).body.list;
  const eventTypes = async (id: string) =>
    (await eventsOf(server.app.kiosk.database, id)).map((event) => event.type);

  /**
   * A subscription checkout whose buyer's wallet signs the mandate but holds nothing: the first
   * invoice is open, its pull refused, and the subscription incomplete.
   */
  async function signedButUnpaid() {
    const wallet = new TestWallet({ index: nextBroke++ });
    const client = await signedIn(server, wallet);
    const { sessionId, body } = await submit(client, monthlyPrice);
    const subscriptionId = body.checkoutSession.subscription_id as string;
    for (const call of body.mandateInstructions.calls as { to: Address; data: Hex }[]) {
      const hash = await walletOf(wallet).sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    const confirmed = await client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
    expect(confirmed.status).toBe(202);
    const [first] = await until(
      () => invoicesOf(subscriptionId),
      (list) => list[0]?.attempt_count === 1,
    );
    expect(first).toMatchObject({ billing_reason: 'subscription_create', status: 'open' });
    expect((await subscription(subscriptionId)).status).toBe('incomplete');
    return { client, sessionId, subscriptionId, invoiceId: first!.id };
  }

  it('a one-time checkout left unpaid owes nothing: no invoice for its buyer, and its payment is canceled with its session', async () => {
    const client = await signedIn(server, holders[0]!);
    const { sessionId, body } = await submit(client, donationPrice);
    expect(body.paymentIntent).toMatchObject({ status: 'requires_action', amount: DONATION.toString() });
    expect(body.checkoutSession.invoice_id).toBeNull();
    expect(await portalOf(client)).toEqual({ invoices: [], due: {} });

    await travelTo(body.checkoutSession.expires_at);
    await until(
      () => session(sessionId),
      (s) => s.status === 'expired',
    );
    const intentId = body.paymentIntent.id as string;
    const intent = await until(
      async () => (await merchant.test(`/api/payment-intents/${intentId}`)).body,
      (i) => i.status === 'canceled',
    );
    expect(intent.invoice_id).toBeNull();
    expect((await eventTypes(intentId)).at(-1)).toBe('payment_intent.canceled');
    expect(await portalOf(client)).toEqual({ invoices: [], due: {} });
  });

  it('a session its page expired on sight has its order closed by the next sweep', async () => {
    const client = await signedIn(server, new TestWallet({ index: nextBroke++ }));
    const { sessionId, body } = await submit(client, donationPrice);
    const subscribed = await submit(client, monthlyPrice);
    // Past their time before the sweep came by: the buyer's page finds each and expires it.
    await server.app.kiosk.jobs.stop();
    try {
      await travelTo(subscribed.body.checkoutSession.expires_at);
      for (const id of [sessionId, subscribed.sessionId]) {
        const seen = await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`);
        expect(seen.body.checkoutSession.status).toBe('expired');
      }
    } finally {
      server.app.kiosk.jobs.start();
    }
    await travelTo(clock.nowUnix() + 60);
    await until(
      async () => (await merchant.test(`/api/payment-intents/${body.paymentIntent.id}`)).body.status,
      (status) => status === 'canceled',
    );
    await until(
      () => subscription(subscribed.body.checkoutSession.subscription_id),
      (s) => s.status === 'incomplete_expired',
    );
  });

  it('a paid one-time checkout is invoiced once, paid, and its buyer sees it', async () => {
    const wallet = holders[1]!;
    const client = await signedIn(server, wallet);
    const { sessionId } = await submit(client, donationPrice);
    await payAsVerified(server, client, sessionId, { amount: DONATION, payer: wallet.address });
    const paid = await session(sessionId);
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const { invoices, due } = await portalOf(client);
    expect(due).toEqual({});
    expect(invoices).toMatchObject([
      {
        id: paid.invoice_id,
        status: 'paid',
        billing_reason: 'manual',
        total: DONATION.toString(),
        amount_paid: DONATION.toString(),
        amount_remaining: '0',
      },
    ]);
    expect(await eventTypes(paid.invoice_id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
    ]);
    const intent = (await merchant.test(`/api/payment-intents/${paid.payment_intent_id}`)).body;
    expect(intent).toMatchObject({ status: 'succeeded', invoice_id: paid.invoice_id });
  });

  it('a subscription checkout never paid expires with its session: incomplete_expired, its first invoice voided', async () => {
    const unsigned = await submit(
      await signedIn(server, new TestWallet({ index: nextBroke++ })),
      monthlyPrice,
    );
    const unsignedId = unsigned.body.checkoutSession.subscription_id as string;
    const signed = await signedButUnpaid();
    expect((await portalOf(signed.client)).invoices).toMatchObject([
      { id: signed.invoiceId, status: 'open' },
    ]);

    await travelTo(
      Math.max(unsigned.body.checkoutSession.expires_at, (await session(signed.sessionId)).expires_at),
    );
    for (const id of [unsignedId, signed.subscriptionId]) {
      const expired = await until(
        () => subscription(id),
        (s) => s.status === 'incomplete_expired',
      );
      expect(expired.ended_at).toBe(clock.nowUnix());
      expect(await eventTypes(id)).toContain('customer.subscription.updated');
    }
    expect(await invoicesOf(signed.subscriptionId)).toMatchObject([{ id: signed.invoiceId, status: 'void' }]);
    expect((await eventTypes(signed.invoiceId)).at(-1)).toBe('invoice.voided');
    expect(await portalOf(signed.client)).toMatchObject({ due: {} });
    expect((await portalOf(signed.client)).invoices.filter((i) => i.status === 'open')).toEqual([]);
    for (const id of [unsigned.sessionId, signed.sessionId])
      expect((await session(id)).status).toBe('expired');
  });

  it('its buyer discards an incomplete subscription: it ends at once, its invoice is voided and its checkout closes', async () => {
    const signed = await signedButUnpaid();
    const discarded = await signed.client.request(
      `/api/subscriptions/${signed.subscriptionId}/cancel?livemode=false`,
      { method: 'PUT', body: { at: 'now' } },
    );
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ status: 'canceled', ended_at: clock.nowUnix() });
    expect(await invoicesOf(signed.subscriptionId)).toMatchObject([{ id: signed.invoiceId, status: 'void' }]);
    expect(await portalOf(signed.client)).toMatchObject({ due: {} });
    const checkout = await cookieClient(server.url).request(
      `/api/checkout-sessions/retrieve/${signed.sessionId}`,
    );
    expect(checkout.body.checkoutSession.status).toBe('expired');
    const again = await signed.client.request(
      `/api/subscriptions/${signed.subscriptionId}/cancel?livemode=false`,
      { method: 'PUT', body: { at: 'now' } },
    );
    expect([again.status, again.body.code]).toEqual([409, 'SUBSCRIPTION_ENDED']);
  });
});
