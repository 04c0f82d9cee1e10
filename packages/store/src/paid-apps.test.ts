import { removeTempDirs } from '@kiosk/bundle/test-fixtures';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { DELIVER_JOB } from '@kiosk/platform';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cardMethodBody,
  getAsHost,
  signedIn,
  startStoreWorld,
  testEngines,
  until,
  type Client,
  type StoreWorld,
} from '@kiosk/testkit';
import type { StoreTables } from './tables.ts';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { verifyTypedData, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

afterAll(removeTempDirs);

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;

/**
 * Paid apps through the real server (issue 24 items 1–3): a developer prices an app, a buyer pays
 * Kiosk Pay's checkout on the local chain or by card (the Stripe emulator), and owns the app exactly
 * once however Kiosk Pay's event arrives; a full refund takes it back; only buyers rate it.
 */
describe.each(await testEngines())('paid apps on %s', (engine) => {
  let chain: DevChain;
  let emulator: StripeEmulator;
  let store: StoreWorld<StoreTables>;
  let merchant: Client['request'];
  let stripe: Stripe;
  let evm: { id: string; kdt: string };
  let card: { id: string; usd: string };
  let buyerIndex = 1;

  beforeAll(async () => {
    chain = await startDevChain();
    emulator = await startStripeEmulator();
    const holders = Array.from({ length: 10 }, (_, index) => new TestWallet({ index }).address);
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
      amount: 1_000_000_000_000n,
    });
    store = await startStoreWorld<StoreTables>(engine, {
      env: { KIOSK_STRIPE_API_BASE: emulator.url, KIOSK_STRIPE_JS_URL: emulator.jsUrl },
    });
    const key = await store.owner.request('/api/api-keys', {
      method: 'POST',
      body: { name: 'store tests', livemode: false },
    });
    merchant = (path, init = {}) =>
      store.owner.request(path, { ...init, headers: { authorization: `Bearer ${key.body.secret}` } });
    stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
    const evmMethod = await merchant('/api/payment-methods', {
      method: 'POST',
      body: {
        type: 'evm',
        name: 'Local chain',
        settings: {
          chain_id: chain.chainId,
          api_host: chain.rpcUrl,
          confirmation: 1,
          receiving_address: RECEIVER,
        },
        currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
      },
    });
    evm = { id: evmMethod.body.id, kdt: evmMethod.body.payment_currencies[0].id };
    const cardMethod = await merchant('/api/payment-methods', {
      method: 'POST',
      body: cardMethodBody(emulator),
    });
    card = { id: cardMethod.body.id, usd: cardMethod.body.payment_currencies[0].id };
    // The store tries its prices out in test mode, and keeps a quarter of each sale.
    const settings = await store.owner.request('/api/console/store-settings', {
      method: 'PUT',
      body: { sales_livemode: false, store_share_bps: 2500 },
    });
    expect(settings.body).toMatchObject({ sales_livemode: false, store_share_bps: 2500 });
  });
  afterAll(async () => {
    await store?.close();
    await emulator?.close();
    await chain?.stop();
  });

  const db = () => store.db() as unknown as Kysely<any>;
  const price = (did: string, body: unknown, client = store.developer) =>
    client.request(`/api/developer/apps/${did}/pricing`, { method: 'PUT', body });
  const verify = async (did: string, user: string) =>
    (await store.anonymous.request(`/api/apps/${did}/purchases/verify?user=${encodeURIComponent(user)}`))
      .body;
  const buyerWallet = () => new TestWallet({ index: buyerIndex++ });
  const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

  /** The buyer's checkout of the app, submitted with the method and currency given. */
  async function checkoutOf(did: string, buyer: Client, method: string, currency: string) {
    const started = await buyer.request(`/api/apps/${did}/checkout`, { method: 'POST' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = started.body.checkout_session_id as string;
    const submitted = await buyer.request(`/api/checkout-sessions/${session}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: method,
        payment_currency: currency,
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return { session, submitted: submitted.body, purchase: started.body.purchase };
  }

  it('prices an app: free until priced, the same pricing again makes no new price, a new one archives the old', async () => {
    const did = await store.publishedApp();
    expect((await store.anonymous.request(`/api/apps/${did}/pricing`)).body).toMatchObject({
      type: 'free',
      prices: [],
      price_id: null,
      livemode: false,
    });
    const once = { type: 'one_time', prices: [{ currency_id: evm.kdt, unit_amount: '5000000' }] };
    const first = await price(did, once);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      type: 'one_time',
      interval: null,
      prices: [{ currency_id: evm.kdt, unit_amount: '5000000', symbol: 'KDT', decimal: 6 }],
    });
    expect((await price(did, once)).body.price_id).toBe(first.body.price_id);

    const monthly = {
      type: 'subscription',
      interval: 'month',
      prices: [
        { currency_id: evm.kdt, unit_amount: '2000000' },
        { currency_id: card.usd, unit_amount: '300' },
      ],
    };
    const second = (await price(did, monthly)).body;
    expect(second.price_id).not.toBe(first.body.price_id);
    const [before, after] = [
      (await merchant(`/api/prices/${first.body.price_id}`)).body,
      (await merchant(`/api/prices/${second.price_id}`)).body,
    ];
    // The earlier buyers' price is kept as it was, and sold no more.
    expect(before).toMatchObject({ active: false, unit_amount: '5000000', type: 'one_time' });
    expect(after).toMatchObject({
      active: true,
      type: 'recurring',
      unit_amount: '2000000',
      recurring: { interval: 'month' },
      currency_options: [expect.objectContaining({ currency_id: card.usd, unit_amount: '300' })],
    });
    expect(after.product_id).toBe(before.product_id);
    expect(await store.eventsOf(first.body.price_id)).toContain('price.updated');

    const free = (await price(did, { type: 'free' })).body;
    expect(free).toMatchObject({ type: 'free', price_id: null, prices: [] });
    expect((await merchant(`/api/prices/${second.price_id}`)).body.active).toBe(false);
  });

  it('offers a developer the currencies the store sells in, and nobody else', async () => {
    const answer = await store.developer.request('/api/developer/pricing-currencies');
    expect(answer.body).toMatchObject({ livemode: false, store_share_bps: 2500 });
    expect(answer.body.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: evm.kdt, symbol: 'KDT', decimal: 6, method: 'Local chain' }),
        expect.objectContaining({ id: card.usd, symbol: 'USD', decimal: 2, method: 'Card' }),
      ]),
    );
    expect((await (await store.member()).client.request('/api/developer/pricing-currencies')).status).toBe(
      403,
    );
  });

  it("refuses a pricing from anyone but the app's developer, and a malformed one with 400 in the caller's language", async () => {
    const did = await store.publishedApp();
    const stranger = await store.member();
    expect((await price(did, { type: 'free' }, stranger.client)).status).toBe(403);
    const cases: [unknown, string][] = [
      [{ type: 'one_time', prices: [] }, 'body.prices'],
      [{ type: 'free', prices: [{ currency_id: evm.kdt, unit_amount: '1' }] }, 'body.prices'],
      [{ type: 'subscription', prices: [{ currency_id: evm.kdt, unit_amount: '1' }] }, 'body.interval'],
      [
        { type: 'one_time', prices: [{ currency_id: evm.kdt, unit_amount: '0' }] },
        'body.prices.0.unit_amount',
      ],
      [
        { type: 'one_time', prices: [{ currency_id: evm.kdt, unit_amount: '1.5' }] },
        'body.prices.0.unit_amount',
      ],
    ];
    for (const [body, path] of cases) {
      const refused = await price(did, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(
        refused.body.details.map((detail: { path: string }) => detail.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    const zh = await store.developer.request(`/api/developer/apps/${did}/pricing`, {
      method: 'PUT',
      body: { type: 'one_time', prices: [] },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.details[0].message).toBe('付费应用至少需要一种货币的价格');
    // A currency the store does not sell in (Kiosk Pay has none such in this mode): nothing of it kept.
    const unknown = await price(did, {
      type: 'one_time',
      prices: [{ currency_id: 'pc_nosuchcurrency', unit_amount: '1' }],
    });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'PRICING_CURRENCY_NOT_FOUND']);
    expect((await store.anonymous.request(`/api/apps/${did}/pricing`)).body.type).toBe('free');
  });

  it('a buyer pays on the local chain and owns the app exactly once: the event replayed 10 times, the page closed', async () => {
    const did = await store.publishedApp(
      { main: 'index.html' },
      { 'index.html': '<!doctype html><title>Paid</title><h1>Paid</h1>\n' },
    );
    await price(did, { type: 'one_time', prices: [{ currency_id: evm.kdt, unit_amount: '5000000' }] });
    const wallet = buyerWallet();
    const buyer = await signedIn(store.server, wallet);
    const buyerDid = didOf(wallet);
    expect(await verify(did, buyerDid)).toMatchObject({ valid: false, purchase: null });
    expect((await buyer.request(`/api/apps/${did}/purchases/receipt`)).body.code).toBe('PURCHASE_REQUIRED');
    expect((await buyer.request(`/api/apps/did:abt:z1NoSuchApp/purchases/receipt`)).status).toBe(404);
    expect(
      (await buyer.request(`/api/apps/${did}/rating`, { method: 'PUT', body: { score: 5 } })).body.code,
    ).toBe('RATING_NEEDS_PURCHASE');

    // Its bundle is its buyers', its developer's and the admins': not a visitor's or a non-buyer's.
    const url = (await store.anonymous.request(`/api/apps/${did}`)).body.versions[0].download_url as string;
    const download = async (client: Client) =>
      (await fetch(`${store.server.url}${url}`, { headers: client.cookie ? { cookie: client.cookie } : {} }))
        .status;
    expect(await download(store.anonymous)).toBe(401);
    expect(await download(buyer)).toBe(403);
    expect(await download(store.developer)).toBe(200);
    expect(await download(store.owner)).toBe(200);
    // So is its launch.
    const launch = (client: Client) => client.request(`/api/apps/${did}/launch`, { method: 'POST' });
    expect([(await launch(buyer)).status, (await launch(buyer)).body.code]).toEqual([
      403,
      'PURCHASE_REQUIRED',
    ]);
    expect((await launch(store.developer)).status).toBe(200);
    const { session, submitted } = await checkoutOf(did, buyer, evm.id, evm.kdt);
    // Buy again before paying: the same checkout, not a second one.
    const again = await buyer.request(`/api/apps/${did}/checkout`, { method: 'POST' });
    expect(again.body.checkout_session_id).toBe(session);
    const { amount, to } = submitted.paymentInstructions as { amount: string; to: Address };
    const tx = await wallet.transferToken({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      token: submitted.paymentInstructions.token,
      to,
      amount: BigInt(amount),
    });
    expect(
      (
        await buyer.request(`/api/checkout-sessions/${session}/pay`, {
          method: 'POST',
          body: { tx_hash: tx },
        })
      ).status,
    ).toBe(202);
    // The page is closed here: nobody reads the session again; Kiosk Pay's event alone makes the sale.
    const owned = await until(
      () => verify(did, buyerDid),
      (answer) => answer.valid,
    );
    expect(owned.purchase).toMatchObject({
      status: 'paid',
      buyer_did: buyerDid,
      app_did: did,
      checkout_session_id: session,
      amount: '5000000',
      store_amount: '1250000',
      developer_amount: '3750000',
      currency_id: evm.kdt,
    });

    const completed = await db()
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'checkout.session.completed')
      .where('object_id', '=', session)
      .executeTakeFirstOrThrow();
    const jobs = store.server.app.kiosk.platform.jobs;
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        jobs.enqueue(
          db(),
          DELIVER_JOB,
          { event_id: completed.id, subscriber: 'store.grant-purchase' },
          { key: `replay-${session}-${i}` },
        ),
      ),
    );
    jobs.wake();
    await until(
      () => db().selectFrom('jobs').select('status').where('key', 'like', `replay-${session}-%`).execute(),
      (rows) => rows.length === 10 && rows.every((row) => row.status === 'completed'),
    );
    const rows = await db().selectFrom('store_purchases').selectAll().where('app_did', '=', did).execute();
    expect(rows).toHaveLength(1);
    expect((await store.eventsOf(rows[0]!.id)).filter((type) => type === 'purchase.paid')).toHaveLength(1);

    expect(await download(buyer)).toBe(200);
    // The receipt an app checks offline: signed by the store's published signer; a changed word fails.
    const { body: issued } = await buyer.request(`/api/apps/${did}/purchases/receipt`);
    const { body: pinned } = await store.anonymous.request('/api/store/receipt-signer');
    expect(issued.signer).toBe(pinned.signer);
    expect(issued.receipt).toMatchObject({
      app: did,
      buyer: buyerDid,
      purchase: owned.purchase!.id,
      versions: '*',
    });
    expect(issued.receipt.expiresAt - issued.receipt.issuedAt).toBe(7 * 86_400);
    const checks = (receipt: typeof issued.receipt) =>
      verifyTypedData({
        address: pinned.signer,
        domain: pinned.domain,
        types: pinned.types,
        primaryType: 'Receipt',
        message: { ...receipt, issuedAt: BigInt(receipt.issuedAt), expiresAt: BigInt(receipt.expiresAt) },
        signature: issued.signature,
      });
    expect(await checks(issued.receipt)).toBe(true);
    expect(await checks({ ...issued.receipt, buyer: didOf(TestWallet.random()) })).toBe(false);
    expect(await checks({ ...issued.receipt, expiresAt: issued.receipt.expiresAt + 86_400 })).toBe(false);
    // A launch carries the buyer's receipt to the app, on the apps origin.
    const launched = await launch(buyer);
    expect(launched.status).toBe(200);
    const read = await getAsHost(
      store.server.url,
      launched.body.url.replace('index.html', '~kiosk/launch.json'),
    );
    expect(read.status).toBe(200);
    const { receipt } = JSON.parse(read.body) as { receipt: typeof issued };
    expect(receipt.receipt).toMatchObject({ app: did, buyer: buyerDid, purchase: owned.purchase!.id });
    expect(await checks(receipt.receipt)).toBe(true);

    const third = await buyer.request(`/api/apps/${did}/checkout`, { method: 'POST' });
    expect([third.status, third.body.code]).toEqual([409, 'APP_ALREADY_PURCHASED']);
    // A buyer rates it; somebody who did not buy it still may not.
    expect(
      (await buyer.request(`/api/apps/${did}/rating`, { method: 'PUT', body: { score: 4 } })).status,
    ).toBe(200);
    const stranger = await store.member();
    expect((await stranger.client.request(`/api/apps/${did}/ratings`)).body.refusal).toBe(
      'RATING_NEEDS_PURCHASE',
    );
    const refused = await stranger.client.request(`/api/apps/${did}/rating`, {
      method: 'PUT',
      body: { score: 1 },
      headers: { 'accept-language': 'zh' },
    });
    expect([refused.status, refused.body.error]).toEqual([403, '只有购买了该应用的用户才能评分']);
    expect(await verify(did, stranger.did)).toMatchObject({ valid: false, purchase: null });

    // The developer sees the sale, their share, the launches and the rating in the app's analytics.
    const figures = await store.developer.request(`/api/developer/apps/${did}/analytics`);
    expect(figures.status).toBe(200);
    // Three downloads (the developer's, an admin's, the buyer's) and two launches (the developer's, the buyer's).
    expect(figures.body.totals).toEqual({
      downloads: 3,
      launches: 2,
      purchases: 1,
      ratings: 1,
      sales: { [evm.kdt]: '5000000' },
      earnings: { [evm.kdt]: '3750000' },
    });
    expect(figures.body.days.at(-1)).toMatchObject({ purchases: 1, earnings: { [evm.kdt]: '3750000' } });
    expect(figures.body.currencies).toEqual([{ id: evm.kdt, symbol: 'KDT', decimal: 6 }]);
    expect((await buyer.request(`/api/developer/apps/${did}/analytics`)).status).toBe(403);
    // The store's admins see the store's share, across the store.
    const across = await store.owner.request('/api/console/analytics');
    expect(BigInt(across.body.totals.earnings[evm.kdt])).toBeGreaterThanOrEqual(1_250_000n);
    expect((await store.developer.request('/api/console/analytics')).status).toBe(403);
  });

  it('a refund in full takes a card-bought app back, and verification says why; a free app is not sold', async () => {
    const did = await store.publishedApp();
    const free = await (await store.member()).client.request(`/api/apps/${did}/checkout`, { method: 'POST' });
    expect([free.status, free.body.code]).toEqual([409, 'APP_IS_FREE']);
    await price(did, { type: 'one_time', prices: [{ currency_id: card.usd, unit_amount: '499' }] });
    const own = await store.developer.request(`/api/apps/${did}/checkout`, { method: 'POST' });
    expect([own.status, own.body.code]).toEqual([409, 'PURCHASE_OWN_APP']);

    const wallet = buyerWallet();
    const buyer = await signedIn(store.server, wallet);
    const { session, submitted } = await checkoutOf(did, buyer, card.id, card.usd);
    const secret: string = submitted.stripeContext.client_secret;
    const intent = secret.slice(0, secret.indexOf('_secret_'));
    await stripe.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa' });
    expect(
      (
        await buyer.request(`/api/checkout-sessions/${session}/pay`, {
          method: 'POST',
          body: { tx_hash: intent },
        })
      ).status,
    ).toBe(202);
    const owned = await until(
      () => verify(did, didOf(wallet)),
      (answer) => answer.valid,
    );
    expect(owned.purchase).toMatchObject({ amount: '499', store_amount: '124', developer_amount: '375' });

    const paymentIntent = (await store.anonymous.request(`/api/checkout-sessions/retrieve/${session}`)).body
      .paymentIntent.id;
    const partial = await merchant('/api/refunds', {
      method: 'POST',
      body: { payment_intent_id: paymentIntent, amount: '100', reason: 'requested_by_customer' },
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    await until(
      () => merchant(`/api/refunds/${partial.body.id}`),
      (answer) => answer.body.status === 'succeeded',
    );
    // A partial refund is a gesture, not a return: the app stays the buyer's.
    expect((await verify(did, didOf(wallet))).valid).toBe(true);
    const rest = await merchant('/api/refunds', {
      method: 'POST',
      body: { payment_intent_id: paymentIntent, reason: 'requested_by_customer' },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const revoked = await until(
      () => verify(did, didOf(wallet)),
      (answer) => !answer.valid,
    );
    expect(revoked.purchase).toMatchObject({ status: 'refunded', checkout_session_id: session });
    // No new receipt after the refund.
    expect((await buyer.request(`/api/apps/${did}/purchases/receipt`)).status).toBe(403);
  });
});
