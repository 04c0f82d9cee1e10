import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import {
  cardMethodBody,
  cookieClient,
  evmMethodBody,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
  until,
} from '@kiosk/testkit';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { appDidFromPrivateKey, packBundleToFile, signRelease } from '@kiosk/bundle';
import { TestWallet } from '@kiosk/test-wallet';
import { sql, type Kysely } from 'kysely';
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every write route the server registered, called with an Idempotency-Key and then again with the
 * same key and request: the repeat answers the first answer (status and body) and writes nothing — the
 * whole database is the same before and after it. Routes come from the server itself: a new write
 * route fails here until it has an example below. Routes whose answer is a secret shown once refuse a
 * key instead (and write nothing either).
 */

type Client = ReturnType<typeof cookieClient>['request'];
interface Example {
  call: Client;
  path: string;
  body?: unknown;
}

const WEBHOOK_SECRET = 'whsec_walk0000';

/** Their answer is a credential: never stored, so a keyed request is refused (400). */
const SECRET_ANSWERS = [
  'POST /api/auth/siwe',
  'POST /api/did/:action/token',
  'POST /api/api-keys',
  'POST /api/auth-tokens',
  'POST /api/developer/access-tokens',
  'POST /api/connect-cli',
  'POST /api/connect-cli/:id/redeem',
  'POST /api/webhook-endpoints',
  'POST /api/webhook-endpoints/:id/roll-secret',
];

/** Doing them again changes nothing: a key is accepted and not stored. */
const NATURALLY_IDEMPOTENT = [
  'POST /api/auth/logout',
  'POST /api/customers/sync-to-space',
  // The buyer's open checkout comes back until it is paid or expires.
  'POST /api/apps/:did/checkout',
];

const randomAddress = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`;
const randomHash = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

/**
 * A store app's first version, packed and signed by its own key as `kiosk publish` does: the
 * upload's path (the release in its query) and the tarball it sends as its body.
 */
async function storeRelease(dir: string, name: string) {
  const privateKey = generatePrivateKey();
  const did = appDidFromPrivateKey(privateKey);
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  const metadata = {
    name,
    title: 'Walked',
    description: 'An app of the walk.',
    version: '1.0.0',
    did,
    logo: 'logo.png',
  };
  await writeFile(join(folder, 'kiosk.json'), JSON.stringify(metadata));
  await writeFile(join(folder, 'logo.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  await writeFile(join(folder, 'index.html'), '<!doctype html><h1>Walked</h1>\n');
  const file = join(dir, `${name}.tgz`);
  const { integrity } = await packBundleToFile(folder, file);
  const release = await signRelease(privateKey, { did, name, version: '1.0.0', integrity });
  return { did, file, path: `/api/developer/apps/upload?${new URLSearchParams({ ...release })}` };
}

describe.each(await testEngines())('every write route replayed with its Idempotency-Key on %s', (engine) => {
  let server: TestServer;
  let chain: DevChain;
  let stripe: StripeEmulator;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let examples: Record<string, () => Promise<Example>>;
  let bundleDir = '';
  let developerCall: Client;
  let delivery = '';

  /**
   * A webhook endpoint of test mode on a local port nobody listens on (its deliveries fail at once);
   * disabled unless asked, so that it hears nothing the walk does.
   */
  const webhookEndpoint = async (disabled = true): Promise<{ id: string }> =>
    (
      await merchant.test('/api/webhook-endpoints', {
        method: 'POST',
        body: { url: 'http://127.0.0.1:9/kiosk', enabled_events: ['*'], disabled },
      })
    ).body;

  beforeAll(async () => {
    // A collector key and a chain with a token, so that subscription checkouts can be submitted: the
    // mandate's instructions read the buyer's allowance. Nothing is ever paid on it.
    chain = await startDevChain();
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: [],
      amount: 0n,
    });
    // And a local Stripe, so that a card payment can be made and refunded.
    stripe = await startStripeEmulator();
    server = await startTestServer(engine, {
      env: {
        KIOSK_EVM_COLLECTOR_KEY: `0x${'11'.repeat(32)}`,
        KIOSK_STRIPE_API_BASE: stripe.url,
        KIOSK_WEBHOOKS_ALLOW_PRIVATE: '1',
      },
    });
    merchant = await merchantOf(server);
    const api: Client = (path, init) => merchant.test(path, init);
    const created = async (path: string, body: unknown) => {
      const answer = await api(path, { method: 'POST', body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body;
    };
    const method = await created(
      '/api/payment-methods',
      evmMethodBody({
        settings: {
          ...evmMethodBody().settings,
          api_host: chain.rpcUrl,
          chain_id: chain.chainId,
          collector_contract: randomAddress(),
        },
        currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
      }),
    );
    const currency = method.payment_currencies[0].id as string;
    const target = await created('/api/products', {
      name: 'Stickers',
      prices: [{ currency_id: currency, unit_amount: '1000000' }],
    });
    const upgrade = await created('/api/products', {
      name: 'Bundle',
      prices: [{ currency_id: currency, unit_amount: '3000000' }],
    });
    const product = await created('/api/products', {
      name: 'Shirt',
      cross_sell: { cross_sells_to_id: target.prices[0].id },
      prices: [
        { currency_id: currency, unit_amount: '2500000', upsell: { upsells_to_id: upgrade.prices[0].id } },
        {
          currency_id: currency,
          custom_unit_amount: { presets: ['1000000'], minimum: '1', maximum: '100000000' },
        },
      ],
    });
    const [base, custom] = product.prices.map((p: { id: string }) => p.id as string);
    const buyerWallet = TestWallet.random();
    const buyer = await signedIn(server, buyerWallet);

    const link = (price = base) => created('/api/payment-links', { line_items: [{ price_id: price }] });
    const started = async (price = base) =>
      (await buyer.request(`/api/checkout-sessions/start/${(await link(price)).id}`, { method: 'POST' })).body
        .checkoutSession.id as string;
    const submitBody = {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      payment_method: method.id,
      payment_currency: currency,
    };
    const submitted = async () => {
      const id = await started();
      await buyer.request(`/api/checkout-sessions/${id}/submit`, { method: 'PUT', body: submitBody });
      return id;
    };
    const monthly = await created('/api/products', {
      name: 'Plan',
      prices: [
        {
          type: 'recurring',
          currency_id: currency,
          unit_amount: '1000000',
          recurring: { interval: 'month' },
        },
        // A cheaper plan to change to.
        {
          type: 'recurring',
          currency_id: currency,
          unit_amount: '500000',
          recurring: { interval: 'month' },
        },
      ],
    });
    const db = () => server.app.kiosk.database.db as Kysely<any>;
    /**
     * A submitted subscription checkout whose mandate the chain has confirmed: set by hand, since
     * reading a mandate needs a chain and the replay is what this test is about.
     */
    const subscribed = async (status: 'trialing' | 'active') => {
      const id = await started(monthly.prices[0].id);
      const answer = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: submitBody,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const subscriptionId = answer.body.checkoutSession.subscription_id as string;
      await db().updateTable('subscriptions').set({ status }).where('id', '=', subscriptionId).execute();
      return { sessionId: id, subscriptionId };
    };
    /**
     * A customer (of their own: overdue invoices block their purchases) with an overdue invoice of a
     * past-due subscription, written by hand: getting there takes a chain and a month of retries.
     */
    const overdue = async (status: 'open' | 'uncollectible' = 'uncollectible') => {
      const customer = await signedIn(server, TestWallet.random());
      const id = (
        await customer.request(`/api/checkout-sessions/start/${(await link(monthly.prices[0].id)).id}`, {
          method: 'POST',
        })
      ).body.checkoutSession.id as string;
      const answer = await customer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: submitBody,
      });
      const { subscription_id: subscriptionId, customer_id: customerId } = answer.body.checkoutSession;
      await db()
        .updateTable('subscriptions')
        .set({ status: 'past_due' })
        .where('id', '=', subscriptionId)
        .execute();
      const now = Math.floor(Date.now() / 1000);
      const invoiceId = `in_walk${crypto.randomUUID().replaceAll('-', '')}`;
      await db()
        .insertInto('invoices')
        .values({
          id: invoiceId,
          livemode: false,
          number: `KSK-WALK-${crypto.randomUUID().slice(0, 8)}`,
          status,
          billing_reason: 'subscription_cycle',
          customer_id: customerId,
          subscription_id: subscriptionId,
          currency_id: currency,
          subtotal: '1000000',
          total: '1000000',
          amount_due: '1000000',
          amount_paid: '0',
          amount_remaining: '1000000',
          period_start: now,
          period_end: now + 2_592_000,
          attempt_count: 4,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const pay = (path: string, init?: Parameters<Client>[1]) =>
        customer.request(`${path}?livemode=false`, init);
      return { pay, subscriptionId: subscriptionId as string, invoiceId };
    };
    /** A test clock frozen at the wall clock's time; answers its id. */
    const testClock = async () =>
      (await created('/api/test-clocks', { frozen_time: Math.floor(Date.now() / 1000) })).id as string;
    /** A test customer of its own with one order submitted and no subscription; answers its id. */
    const unsubscribedCustomer = async () => {
      const customer = await signedIn(server, TestWallet.random());
      const id = (
        await customer.request(`/api/checkout-sessions/start/${(await link()).id}`, { method: 'POST' })
      ).body.checkoutSession.id as string;
      const answer = await customer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: submitBody,
      });
      return answer.body.checkoutSession.customer_id as string;
    };
    const edit = (id: string, what: string, verb: string, body?: unknown) =>
      buyer.request(`/api/checkout-sessions/${id}/${what}`, { method: verb, body });

    // Kiosk Store: a developer (the owner grants the passport) and the apps they upload.
    const developerWallet = TestWallet.random();
    await signedIn(server, developerWallet);
    await merchant.owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(developerWallet), role: 'developer' },
    });
    const developer = await signedIn(server, developerWallet);
    developerCall = developer.request;
    bundleDir = await mkdtemp(join(tmpdir(), 'kiosk-walk-'));
    /** Sends the tarball as the raw body (the upload protocol), whatever JSON body the walk passes. */
    const uploading =
      (file: string): Client =>
      async (path, init = {}) => {
        const response = await fetch(`${server.url}${path}`, {
          method: init.method,
          headers: { ...init.headers, cookie: developer.cookie, 'content-type': 'application/gzip' },
          body: await readFile(file),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : text, headers: response.headers };
      };
    const uploaded = async (name: string) => {
      const release = await storeRelease(bundleDir, name);
      const answer = await uploading(release.file)(release.path, { method: 'POST' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return release.did;
    };

    /** An app uploaded and published through the review workflow; answers its DID. */
    const published = async (name: string) => {
      const did = await uploaded(name);
      const path = (side: string) => `/api/${side}/apps/${did}/versions/1.0.0/review`;
      for (const [call, side, action] of [
        [developer.request, 'developer', 'requestReview'],
        [merchant.owner.request, 'console', 'startReview'],
        [merchant.owner.request, 'console', 'approve'],
        [developer.request, 'developer', 'publish'],
      ] as const) {
        const answer = await call(path(side), { method: 'POST', body: { action } });
        expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      return did;
    };
    // Paid apps are sold where the walk's currency is: in test mode.
    await merchant.owner.request('/api/console/store-settings', {
      method: 'PUT',
      body: { sales_livemode: false },
    });
    const oneTimePrice = { type: 'one_time', prices: [{ currency_id: currency, unit_amount: '4000000' }] };

    /** A new user's comment on a published app: its id, its path and its author's call. */
    const commented = async (name: string) => {
      const call = (await signedIn(server, TestWallet.random())).request;
      const did = await published(name);
      const answer = await call(`/api/apps/${did}/comments`, { method: 'POST', body: { body: 'Walked' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = (answer.body as { id: string }).id;
      return { id, call, path: `/api/apps/${did}/comments/${id}` };
    };

    /** A new user's request to join as a developer; answers its id. */
    const askToJoin = async (call?: Client): Promise<string> => {
      const request = call ?? (await signedIn(server, TestWallet.random())).request;
      const asked = await request('/api/developer/join-requests', {
        method: 'POST',
        body: { terms_accepted: true },
      });
      return (asked.body as { id: string }).id;
    };
    const card = await paidCard(api, buyer);
    /**
     * A refund of a real payment in the chain's own coin, waiting for the merchant's transfer (the
     * server holds no key on an EVM chain): a payment method of its own, a buyer who pays it.
     */
    const ether = await created(
      '/api/payment-methods',
      evmMethodBody({
        name: 'Ether',
        settings: { ...evmMethodBody().settings, api_host: chain.rpcUrl, chain_id: chain.chainId },
        currencies: [{ name: 'Ether', symbol: 'ETH', decimal: 18 }],
      }),
    ).then((made) => ({ id: made.id as string, currency: made.payment_currencies[0].id as string }));
    const evmRefundAwaitingTransfer = async () => {
      const print = await created('/api/products', {
        name: 'Print',
        prices: [{ currency_id: ether.currency, unit_amount: '1000000' }],
      });
      const payer = new TestWallet({ index: 7 });
      const client = await signedIn(server, payer);
      const linkId = (await created('/api/payment-links', { line_items: [{ price_id: print.prices[0].id }] }))
        .id;
      const session = (await client.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' }))
        .body.checkoutSession.id as string;
      const submittedOrder = await client.request(`/api/checkout-sessions/${session}/submit`, {
        method: 'PUT',
        body: { ...submitBody, payment_method: ether.id, payment_currency: ether.currency },
      });
      const at = { rpcUrl: chain.rpcUrl, chainId: chain.chainId };
      const tx = await payer.sendNative({
        ...at,
        to: evmMethodBody().settings.receiving_address as `0x${string}`,
        value: 1_000_000n,
      });
      await client.request(`/api/checkout-sessions/${session}/pay`, {
        method: 'POST',
        body: { tx_hash: tx },
      });
      const intent = submittedOrder.body.paymentIntent.id as string;
      const charge = await until(
        async () => (await api(`/api/charges?payment_intent_id=${intent}`)).body.list[0],
        (found) => found?.status === 'succeeded',
      );
      const refund = await created('/api/refunds', { charge_id: charge.id, amount: '1000' });
      return { refundId: refund.id as string, payer: payer.address, at };
    };
    // Made now: their payments are checked by the job runner, which stops before the walk.
    const awaitingTransfer = await evmRefundAwaitingTransfer();
    const awaitingCancel = await evmRefundAwaitingTransfer();
    examples = {
      'POST /api/refunds/:id/transfer': async () => {
        const { refundId, payer, at } = awaitingTransfer;
        const sent = await new TestWallet({ index: 8 }).sendNative({ ...at, to: payer, value: 1000n });
        return { call: api, path: `/api/refunds/${refundId}/transfer`, body: { reference: sent } };
      },
      'POST /api/refunds/:id/cancel': async () => ({
        call: api,
        path: `/api/refunds/${awaitingCancel.refundId}/cancel`,
      }),
      'POST /api/refunds': async () => ({
        call: api,
        path: '/api/refunds',
        body: { charge_id: card.chargeId, amount: '100', reason: 'requested_by_customer' },
      }),
      'POST /api/payment-methods/:id/webhook': async () => {
        // A signed event Kiosk does not act on: answered, and nothing is written.
        const body = { id: 'evt_walk', object: 'event', type: 'customer.created', data: { object: {} } };
        const payload = JSON.stringify(body);
        const at = Math.floor(Date.now() / 1000);
        const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${at}.${payload}`).digest('hex');
        const call: Client = (path, init) =>
          cookieClient(server.url).request(path, {
            ...init,
            headers: { ...init?.headers, 'stripe-signature': `t=${at},v1=${signature}` },
          });
        return { call, path: `/api/payment-methods/${card.methodId}/webhook`, body };
      },
      'POST /api/payment-methods': async () => ({
        call: api,
        path: '/api/payment-methods',
        body: evmMethodBody(),
      }),
      'PUT /api/payment-methods/:id': async () => ({
        call: api,
        path: `/api/payment-methods/${method.id}`,
        body: { name: 'Renamed' },
      }),
      'POST /api/payment-currencies': async () => ({
        call: api,
        path: '/api/payment-currencies',
        body: {
          payment_method_id: method.id,
          name: 'Other',
          symbol: 'OTH',
          decimal: 6,
          contract: randomAddress(),
        },
      }),
      'POST /api/products': async () => ({ call: api, path: '/api/products', body: { name: 'Walked' } }),
      'PUT /api/products/:id': async () => ({
        call: api,
        path: `/api/products/${product.id}`,
        body: { description: 'Soft' },
      }),
      'POST /api/prices': async () => ({
        call: api,
        path: '/api/prices',
        body: { product_id: product.id, currency_id: currency, unit_amount: '7' },
      }),
      'PUT /api/prices/:id': async () => ({
        call: api,
        path: `/api/prices/${base}`,
        body: { nickname: 'Classic' },
      }),
      'POST /api/payment-links': async () => ({
        call: api,
        path: '/api/payment-links',
        body: { line_items: [{ price_id: base }] },
      }),
      'PUT /api/payment-links/:id': async () => ({
        call: api,
        path: `/api/payment-links/${(await link()).id}`,
        body: { name: 'Sale' },
      }),
      'POST /api/test-clocks': async () => ({
        call: api,
        path: '/api/test-clocks',
        body: { frozen_time: Math.floor(Date.now() / 1000), name: 'Walked' },
      }),
      'DELETE /api/test-clocks/:id': async () => ({
        call: api,
        path: `/api/test-clocks/${await testClock()}`,
      }),
      // The job runner is stopped: the clock stays advancing, and the replay finds it so.
      'POST /api/test-clocks/:id/advance': async () => ({
        call: api,
        path: `/api/test-clocks/${await testClock()}/advance`,
        body: { frozen_time: Math.floor(Date.now() / 1000) + 86_400 },
      }),
      'PUT /api/customers/:id/test-clock': async () => ({
        call: api,
        path: `/api/customers/${await unsubscribedCustomer()}/test-clock`,
        body: { test_clock: await testClock() },
      }),
      'POST /api/checkout-sessions': async () => ({
        call: api,
        path: '/api/checkout-sessions',
        body: { line_items: [{ price_id: base }] },
      }),
      'PUT /api/checkout-sessions/:id/expire': async () => ({
        call: api,
        path: `/api/checkout-sessions/${(await created('/api/checkout-sessions', { line_items: [{ price_id: base }] })).id}/expire`,
      }),
      'POST /api/checkout-sessions/start/:id': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/start/${(await link()).id}`,
      }),
      'PUT /api/checkout-sessions/:id/submit': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${await started()}/submit`,
        body: submitBody,
      }),
      'POST /api/settings': async () => ({
        call: api,
        path: '/api/settings',
        body: { type: 'donate', mountLocation: `walk-${randomHash().slice(2, 12)}` },
      }),
      'PUT /api/settings/:id': async () => {
        const setting = await created('/api/settings', {
          type: 'donate',
          mountLocation: `walk-${randomHash().slice(2, 12)}`,
        });
        return { call: api, path: `/api/settings/${setting.id}`, body: { active: true } };
      },
      'POST /api/donations': async () => ({
        call: api,
        path: '/api/donations',
        body: {
          target: `walk-${randomHash().slice(2, 12)}`,
          currency_id: currency,
          amount: { presets: ['1000000'] },
        },
      }),
      // Anonymous, as a donor who never signs in.
      'PUT /api/checkout-sessions/:id/donate-submit': async () => {
        const donation = await created('/api/payment-links', {
          line_items: [{ price_id: custom }],
          donation_settings: { title: 'Tips' },
        });
        const visitor = cookieClient(server.url);
        const id = (await visitor.request(`/api/checkout-sessions/start/${donation.id}`, { method: 'POST' }))
          .body.checkoutSession.id;
        return {
          call: visitor.request,
          path: `/api/checkout-sessions/${id}/donate-submit`,
          body: { payment_method: method.id, payment_currency: currency },
        };
      },
      'PUT /api/checkout-sessions/:id/upsell': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${await started()}/upsell`,
        body: { from: base, to: upgrade.prices[0].id },
      }),
      'PUT /api/checkout-sessions/:id/downsell': async () => {
        const id = await started();
        await edit(id, 'upsell', 'PUT', { from: base, to: upgrade.prices[0].id });
        return {
          call: buyer.request,
          path: `/api/checkout-sessions/${id}/downsell`,
          body: { from: upgrade.prices[0].id },
        };
      },
      'PUT /api/checkout-sessions/:id/cross-sell': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${await started()}/cross-sell`,
        body: { to: target.prices[0].id },
      }),
      'DELETE /api/checkout-sessions/:id/cross-sell': async () => {
        const id = await started();
        await edit(id, 'cross-sell', 'PUT', { to: target.prices[0].id });
        return { call: buyer.request, path: `/api/checkout-sessions/${id}/cross-sell` };
      },
      'PUT /api/checkout-sessions/:id/amount': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${await started(custom)}/amount`,
        body: { priceId: custom, amount: '2500000' },
      }),
      'POST /api/checkout-sessions/:id/pay': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${await submitted()}/pay`,
        body: { tx_hash: randomHash() },
      }),
      'POST /api/checkout-sessions/:id/mandate': async () => ({
        call: buyer.request,
        path: `/api/checkout-sessions/${(await subscribed('trialing')).sessionId}/mandate`,
      }),
      'PUT /api/subscriptions/:id/cancel': async () => ({
        call: api,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}/cancel`,
        body: { feedback: 'unused' },
      }),
      'PUT /api/subscriptions/:id': async () => ({
        call: api,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}`,
        body: { items: [{ price_id: monthly.prices[1].id }] },
      }),
      'POST /api/subscriptions/:id/mandate': async () => ({
        call: buyer.request,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}/mandate?livemode=false`,
        body: { max_per_cycle: '2000000' },
      }),
      // Nothing asked for yet: confirming changes nothing, and its replay neither.
      'POST /api/subscriptions/:id/mandate/confirm': async () => ({
        call: buyer.request,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}/mandate/confirm?livemode=false`,
      }),
      'POST /api/subscriptions/:id/setup-session': async () => ({
        call: buyer.request,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}/setup-session?livemode=false`,
      }),
      'PUT /api/subscriptions/:id/pause': async () => ({
        call: api,
        path: `/api/subscriptions/${(await subscribed('active')).subscriptionId}/pause`,
      }),
      'PUT /api/subscriptions/:id/resume': async () => {
        const { subscriptionId } = await subscribed('active');
        await api(`/api/subscriptions/${subscriptionId}/pause`, { method: 'PUT' });
        return { call: api, path: `/api/subscriptions/${subscriptionId}/resume` };
      },
      // A stake held, written by hand like the past due: staking takes a chain and its contract.
      'PUT /api/subscriptions/:id/slash-stake': async () => {
        const { subscriptionId } = await overdue();
        const stake = {
          status: 'held',
          amount: '5000000',
          currency_id: currency,
          payment_method_id: method.id,
        };
        await db()
          .updateTable('subscriptions')
          .set({ stake: JSON.stringify({ ...stake, id: `0x${'5'.repeat(64)}`, details: {} }) })
          .where('id', '=', subscriptionId)
          .execute();
        return {
          call: api,
          path: `/api/subscriptions/${subscriptionId}/slash-stake`,
          body: { reason: 'Unpaid' },
        };
      },
      'PUT /api/subscriptions/:id/recover': async () => {
        const { subscriptionId } = await subscribed('active');
        await api(`/api/subscriptions/${subscriptionId}/cancel`, { method: 'PUT', body: {} });
        return { call: api, path: `/api/subscriptions/${subscriptionId}/recover` };
      },
      'POST /api/invoices/overdue/pay': async () => {
        const { pay, subscriptionId } = await overdue();
        return {
          call: pay,
          path: '/api/invoices/overdue/pay',
          body: { currency_id: currency, subscription_id: subscriptionId },
        };
      },
      'PUT /api/invoices/:id/void': async () => ({
        call: api,
        path: `/api/invoices/${(await overdue()).invoiceId}/void`,
      }),
      'PUT /api/invoices/:id/mark-uncollectible': async () => ({
        call: api,
        path: `/api/invoices/${(await overdue('open')).invoiceId}/mark-uncollectible`,
      }),
      'POST /api/payment-intents/:id/pay': async () => {
        const { pay, subscriptionId } = await overdue();
        const started = await pay('/api/invoices/overdue/pay', {
          method: 'POST',
          body: { currency_id: currency, subscription_id: subscriptionId },
        });
        return {
          call: pay,
          path: `/api/payment-intents/${started.body.paymentIntent.id}/pay`,
          body: { tx_hash: randomHash() },
        };
      },
      'POST /api/charges/:id/check': async () => {
        const id = await submitted();
        await buyer.request(`/api/checkout-sessions/${id}/pay`, {
          method: 'POST',
          body: { tx_hash: randomHash() },
        });
        const db = server.app.kiosk.database.db as Kysely<any>;
        const intent = (await buyer.request(`/api/checkout-sessions/retrieve/${id}`)).body.paymentIntent.id;
        // The check's verdict is not what this test is about: the charge is failed by hand.
        await db
          .updateTable('charges')
          .set({ status: 'failed', failure_code: 'TX_NOT_CONFIRMED' })
          .where('payment_intent_id', '=', intent)
          .execute();
        const charge = await db
          .selectFrom('charges')
          .select('id')
          .where('payment_intent_id', '=', intent)
          .executeTakeFirstOrThrow();
        return { call: api, path: `/api/charges/${charge.id}/check` };
      },
      'POST /api/customers/sync-to-space': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: '/api/customers/sync-to-space',
      }),
      'POST /api/client-errors': async () => ({
        call: cookieClient(server.url).request,
        path: '/api/client-errors',
        body: { source: 'error', message: 'walked', page: '/', app_version: '0.1.0' },
      }),
      'POST /api/auth/logout': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: '/api/auth/logout',
      }),
      'POST /api/did/:action/auth': async () => {
        const page = cookieClient(server.url);
        const opened = (await page.request('/api/did/login/token', { method: 'POST', body: {} })).body;
        const wallet = TestWallet.random();
        const request = await wallet.fetchConnectRequest(opened.auth_url);
        const path = new URL(opened.auth_url);
        return {
          call: page.request,
          path: `${path.pathname}${path.search}`,
          body: await wallet.signSiwe(request.siwe),
        };
      },
      'PUT /api/webhook-endpoints/:id': async () => ({
        call: (path, init) => merchant.test(path, init),
        path: `/api/webhook-endpoints/${(await webhookEndpoint()).id}`,
        body: { description: 'Orders' },
      }),
      'DELETE /api/webhook-endpoints/:id': async () => ({
        call: (path, init) => merchant.test(path, init),
        path: `/api/webhook-endpoints/${(await webhookEndpoint()).id}`,
      }),
      'POST /api/webhook-deliveries/:id/resend': async () => ({
        call: (path, init) => merchant.test(path, init),
        path: `/api/webhook-deliveries/${delivery}/resend`,
      }),
      'DELETE /api/api-keys/:id': async () => {
        const key = (
          await merchant.owner.request('/api/api-keys', {
            method: 'POST',
            body: { name: 'old', livemode: false },
          })
        ).body;
        return { call: merchant.owner.request, path: `/api/api-keys/${key.id}` };
      },
      'DELETE /api/developer/access-tokens/:id': async () => {
        const token = (
          await developer.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'old' } })
        ).body;
        return {
          call: developer.request,
          path: `/api/developer/access-tokens/${token.id}`,
          body: { name: 'old' },
        };
      },
      'POST /api/connect-cli/:id/approve': async () => {
        const opened = (
          await cookieClient(server.url).request('/api/connect-cli', { method: 'POST', body: {} })
        ).body;
        return { call: developer.request, path: `/api/connect-cli/${opened.id}/approve` };
      },
      'POST /api/connect-cli/:id/deny': async () => {
        const opened = (
          await cookieClient(server.url).request('/api/connect-cli', { method: 'POST', body: {} })
        ).body;
        return { call: developer.request, path: `/api/connect-cli/${opened.id}/deny` };
      },
      'POST /api/passports': async () => {
        const wallet = TestWallet.random();
        await signedIn(server, wallet);
        return {
          call: merchant.owner.request,
          path: '/api/passports',
          body: { did: didOf(wallet), role: 'developer' },
        };
      },
      'POST /api/developer/join-requests': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: '/api/developer/join-requests',
        body: { terms_accepted: true },
      }),
      'DELETE /api/developer/join-requests/mine': async () => {
        const user = await signedIn(server, TestWallet.random());
        await askToJoin(user.request);
        return { call: user.request, path: '/api/developer/join-requests/mine' };
      },
      'POST /api/console/join-requests/:id/approve': async () => ({
        call: merchant.owner.request,
        path: `/api/console/join-requests/${await askToJoin()}/approve`,
      }),
      'POST /api/console/join-requests/:id/decline': async () => ({
        call: merchant.owner.request,
        path: `/api/console/join-requests/${await askToJoin()}/decline`,
      }),
      'POST /api/developer/apps/upload': async () => {
        const release = await storeRelease(bundleDir, 'walked-upload');
        return { call: uploading(release.file), path: release.path };
      },
      'PUT /api/developer/apps/:did': async () => ({
        call: developer.request,
        path: `/api/developer/apps/${await uploaded('walked-edit')}`,
        body: { title: 'Walked again', visibility: 'private' },
      }),
      'POST /api/developer/apps/:did/versions/:version/review': async () => ({
        call: developer.request,
        path: `/api/developer/apps/${await uploaded('asking-for-review')}/versions/1.0.0/review`,
        body: { action: 'requestReview' },
      }),
      'POST /api/console/apps/:did/versions/:version/review': async () => {
        const path = `/apps/${await uploaded('started-by-admins')}/versions/1.0.0/review`;
        const asked = await developer.request(`/api/developer${path}`, {
          method: 'POST',
          body: { action: 'requestReview' },
        });
        expect(asked.status, JSON.stringify(asked.body)).toBe(200);
        return { call: merchant.owner.request, path: `/api/console${path}`, body: { action: 'startReview' } };
      },
      'PUT /api/console/store-settings': async () => ({
        call: merchant.owner.request,
        path: '/api/console/store-settings',
        body: { review_type: 'every' },
      }),
      'PUT /api/console/apps/:did': async () => ({
        call: merchant.owner.request,
        path: `/api/console/apps/${await uploaded('typed-by-admins')}`,
        body: { review_type: 'first' },
      }),
      'PUT /api/console/apps/:did/block': async () => ({
        call: merchant.owner.request,
        path: `/api/console/apps/${await uploaded('walled-off')}/block`,
        body: { reason: 'Walked' },
      }),
      'PUT /api/console/apps/:did/unblock': async () => {
        const did = await uploaded('let-back-in');
        await merchant.owner.request(`/api/console/apps/${did}/block`, {
          method: 'PUT',
          body: { reason: 'For now' },
        });
        return { call: merchant.owner.request, path: `/api/console/apps/${did}/unblock` };
      },
      'POST /api/console/categories': async () => ({
        call: merchant.owner.request,
        path: '/api/console/categories',
        body: { name: `Walked ${crypto.randomUUID().slice(0, 8).replace(/\d/g, 'x')}` },
      }),
      'PUT /api/console/categories/:id': async () => {
        const created = await merchant.owner.request('/api/console/categories', {
          method: 'POST',
          body: { name: 'Renamed by walk' },
        });
        return {
          call: merchant.owner.request,
          path: `/api/console/categories/${created.body.id}`,
          body: { name: 'Renamed by the walk' },
        };
      },
      'DELETE /api/console/categories/:id': async () => {
        const created = await merchant.owner.request('/api/console/categories', {
          method: 'POST',
          body: { name: 'Deleted by walk' },
        });
        return { call: merchant.owner.request, path: `/api/console/categories/${created.body.id}` };
      },
      // Paid apps (issue 24 items 1, 2).
      'PUT /api/developer/apps/:did/pricing': async () => ({
        call: developer.request,
        path: `/api/developer/apps/${await published('priced-walker')}/pricing`,
        body: oneTimePrice,
      }),
      'POST /api/apps/:did/checkout': async () => {
        const did = await published('bought-walker');
        const priced = await developer.request(`/api/developer/apps/${did}/pricing`, {
          method: 'PUT',
          body: oneTimePrice,
        });
        expect(priced.status, JSON.stringify(priced.body)).toBe(200);
        return {
          call: (await signedIn(server, TestWallet.random())).request,
          path: `/api/apps/${did}/checkout`,
        };
      },
      // Anyone, on an app page: the store's donation settings for app pages, the app's donation.
      'POST /api/apps/:did/donation': async () => ({
        call: cookieClient(server.url).request,
        path: `/api/apps/${await published('donated-walker')}/donation`,
      }),
      'POST /api/apps/:did/launch': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: `/api/apps/${await published('launched-walker')}/launch`,
      }),
      // Ratings and comments (issue 24 item 5), each on an app of its own on the store front.
      'PUT /api/apps/:did/rating': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: `/api/apps/${await published('starry-judge')}/rating`,
        body: { score: 4 },
      }),
      'POST /api/apps/:did/comments': async () => ({
        call: (await signedIn(server, TestWallet.random())).request,
        path: `/api/apps/${await published('chatty-corner')}/comments`,
        body: { body: 'Walked **here**' },
      }),
      'PUT /api/apps/:did/comments/:id': async () => {
        const { call, path } = await commented('rewritten-note');
        return { call, path, body: { body: 'Walked again' } };
      },
      'DELETE /api/apps/:did/comments/:id': async () => commented('vanishing-ink'),
      'PUT /api/apps/:did/comments/:id/helpful': async () => {
        const { path } = await commented('thumbs-upward');
        return { call: (await signedIn(server, TestWallet.random())).request, path: `${path}/helpful` };
      },
      'DELETE /api/apps/:did/comments/:id/helpful': async () => {
        const { path } = await commented('mind-changer');
        const voter = (await signedIn(server, TestWallet.random())).request;
        expect((await voter(`${path}/helpful`, { method: 'PUT' })).status).toBe(200);
        return { call: voter, path: `${path}/helpful` };
      },
      'POST /api/apps/:did/comments/:id/reports': async () => {
        const { path } = await commented('flagged-spammer');
        return {
          call: (await signedIn(server, TestWallet.random())).request,
          path: `${path}/reports`,
          body: { reason: 'spam' },
        };
      },
      'PUT /api/console/comments/:id': async () => {
        const { id } = await commented('muted-heckler');
        return {
          call: merchant.owner.request,
          path: `/api/console/comments/${id}`,
          body: { hidden: true, reason: 'Walked' },
        };
      },
      'DELETE /api/passports/:id': async () => {
        const wallet = TestWallet.random();
        await signedIn(server, wallet);
        const passport = (
          await merchant.owner.request('/api/passports', {
            method: 'POST',
            body: { did: didOf(wallet), role: 'developer' },
          })
        ).body;
        return { call: merchant.owner.request, path: `/api/passports/${passport.id}` };
      },
    };
    // An endpoint that hears everything, and one delivery to it to resend: made while the fan-out runs.
    const hearing = await webhookEndpoint(false);
    await merchant.test('/api/products', { method: 'POST', body: { name: 'Heard' } });
    const delivered = await until(
      async () =>
        (await merchant.test(`/api/webhook-endpoints/${hearing.id}/deliveries`)).body.list as {
          id: string;
        }[],
      (list) => list.length > 0,
    );
    delivery = delivered[0]!.id;
    // Nothing may change the database between an answer and its replay but the replay itself.
    await server.app.kiosk.jobs.stop();
    await server.app.kiosk.webhooks!.stopFanOut();
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
    await stripe?.close();
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  /**
   * A card order paid through the emulator (the buyer's Stripe.js confirms it with the publishable
   * key) and recorded on the buyer's return: the charge a refund is made of.
   */
  async function paidCard(api: Client, buyer: Awaited<ReturnType<typeof signedIn>>) {
    const created = async (path: string, body: unknown) => (await api(path, { method: 'POST', body })).body;
    const method = await created(
      '/api/payment-methods',
      cardMethodBody({ ...stripe, webhookSecret: WEBHOOK_SECRET }),
    );
    const usd = method.payment_currencies[0].id;
    const product = await created('/api/products', {
      name: 'Mug',
      prices: [{ currency_id: usd, unit_amount: '1200' }],
    });
    const link = await created('/api/payment-links', { line_items: [{ price_id: product.prices[0].id }] });
    const session = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
      .checkoutSession.id;
    const submitted = await buyer.request(`/api/checkout-sessions/${session}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: method.id,
        payment_currency: usd,
      },
    });
    const secret: string = submitted.body.stripeContext.client_secret;
    const pi = secret.split('_secret_')[0]!;
    await fetch(`${stripe.url}/v1/payment_intents/${pi}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: stripe.publishableKey,
        client_secret: secret,
        payment_method: 'pm_card_visa',
      }).toString(),
    });
    await buyer.request(`/api/checkout-sessions/${session}/pay`, { method: 'POST', body: { tx_hash: pi } });
    for (let i = 0; i < 400; i++) {
      const [charge] = (await api(`/api/charges?payment_intent_id=${submitted.body.paymentIntent.id}`)).body
        .list;
      if (charge?.status === 'succeeded')
        return { methodId: method.id as string, chargeId: charge.id as string };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the card payment was not recorded');
  }

  /** Every row of every table (a secret key's last use is a clock reading, not a write of the request). */
  async function everything(): Promise<string> {
    await server.app.kiosk.platform.events.idle();
    const db = server.app.kiosk.database.db as Kysely<any>;
    const tables = (await db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_'));
    const dump: Record<string, string[]> = {};
    for (const table of tables.sort()) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
      dump[table] = rows.map(({ last_used_at: _clock, ...row }) => JSON.stringify(row)).sort();
    }
    return JSON.stringify(dump);
  }

  const writeRoutes = () =>
    server.app.kiosk.routes
      .filter(
        (route) => route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
      )
      .map((route) => `${route.method} ${route.url}`);

  it('has an example for every write route, or knows why it refuses keys', () => {
    const missing = writeRoutes().filter((route) => !examples[route] && !SECRET_ANSWERS.includes(route));
    expect(missing, 'write routes without an example here').toEqual([]);
  });

  it('answers a replay with the first answer and writes nothing, on every write route', async () => {
    for (const route of writeRoutes().filter((r) => examples[r])) {
      const method = route.split(' ')[0]!;
      const { call, path, body } = await examples[route]!();
      const headers = { 'idempotency-key': `walk:${route}` };
      const first = await call(path, { method, body, headers });
      expect(first.status, `${route}: ${JSON.stringify(first.body)}`).toBeLessThan(300);
      const before = await everything();
      const replay = await call(path, { method, body, headers });
      expect({ route, status: replay.status, body: replay.body }).toEqual({
        route,
        status: first.status,
        body: first.body,
      });
      // Logging out again changes nothing: its key is not stored, the repeat simply does it again.
      if (!NATURALLY_IDEMPOTENT.includes(route))
        expect(replay.headers.get('idempotent-replayed'), route).toBe('true');
      expect(await everything(), `${route} wrote on replay`).toBe(before);
    }
  });

  it('refuses a key where the answer is a secret shown once, and writes nothing', async () => {
    const page = cookieClient(server.url);
    const connection = (await page.request('/api/connect-cli', { method: 'POST', body: {} })).body;
    await developerCall(`/api/connect-cli/${connection.id}/approve`, { method: 'POST' });
    const calls: Record<string, Example> = {
      'POST /api/auth/siwe': {
        call: page.request,
        path: '/api/auth/siwe',
        body: { message: 'x', signature: '0x00' },
      },
      'POST /api/did/:action/token': { call: page.request, path: '/api/did/login/token', body: {} },
      'POST /api/api-keys': {
        call: merchant.owner.request,
        path: '/api/api-keys',
        body: { name: 'k', livemode: false },
      },
      'POST /api/auth-tokens': {
        call: (path, init) => merchant.test(path, init),
        path: '/api/auth-tokens',
        body: { customer_did: didOf(TestWallet.random()) },
      },
      'POST /api/developer/access-tokens': {
        call: developerCall,
        path: '/api/developer/access-tokens',
        body: { name: 'cli' },
      },
      'POST /api/connect-cli': { call: page.request, path: '/api/connect-cli', body: {} },
      'POST /api/connect-cli/:id/redeem': {
        call: page.request,
        path: `/api/connect-cli/${connection.id}/redeem`,
        body: { secret: connection.secret },
      },
      'POST /api/webhook-endpoints': {
        call: (path, init) => merchant.test(path, init),
        path: '/api/webhook-endpoints',
        body: { url: 'https://hooks.example.com/kiosk', enabled_events: ['*'] },
      },
      'POST /api/webhook-endpoints/:id/roll-secret': {
        call: (path, init) => merchant.test(path, init),
        path: `/api/webhook-endpoints/${(await webhookEndpoint()).id}/roll-secret`,
        body: {},
      },
    };
    expect(Object.keys(calls).sort()).toEqual([...SECRET_ANSWERS].sort());
    for (const [route, { call, path, body }] of Object.entries(calls)) {
      const before = await everything();
      const refused = await call(path, { method: 'POST', body, headers: { 'idempotency-key': 'secret' } });
      expect({ route, status: refused.status, code: refused.body.code }).toEqual({
        route,
        status: 400,
        code: 'IDEMPOTENCY_NOT_SUPPORTED',
      });
      expect(await everything(), route).toBe(before);
    }
  });
});
