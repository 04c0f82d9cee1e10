import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '@kiosk/identity';
import {
  DEMO_OWNER_ACCOUNT,
  DEV_MNEMONIC,
  startDevChain,
  startDevChainForDemo,
  type DemoDevChain,
} from '@kiosk/devchain';
import { TestWallet } from '@kiosk/test-wallet';
import {
  startBitcoinStandin,
  TestWallet as BitcoinWallet,
  type BitcoinStandin,
} from '@kiosk/bitcoin-standin';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { createWalletClient, http, toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COLLECTOR, DEMO_COLLECTOR_INDEX, DEMO_DEPLOYER, DEMO_OWNER_INDEX } from './demo-accounts.ts';
import {
  DEMO_BITCOIN_CONFIRMATIONS,
  DEMO_BITCOIN_LINK,
  DEMO_BITCOIN_SEED,
  DEMO_BITCOIN_XPUB,
} from './demo-bitcoin.ts';
import { demoCollectorAddress, ensureDemoCollector } from './demo-collector.ts';
import { DEMO_PLAN, ensureDemoPlan } from './demo-plan.ts';
import { createDemoStore, DEMO_LINK_MARK, type DemoLink } from './demo-store.ts';
import { DEMO_APPS, demoAppDid, ensureDemoApps } from './demo-apps.ts';
import { ensureDemoFeedback } from './demo-feedback.ts';
import { DEMO_PAID_APP, ensureDemoPaidApp } from './demo-paid-app.ts';
import { apiCaller, signInInProcess } from './in-process.ts';
import { demoTokenAddress, printDemo, seedDemo, type DemoSummary } from './seed.ts';

/** The key `kiosk serve --demo` gives the server (the CLI's withDemoCollector). */
const demoCollectorKey = toHex(
  mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEMO_COLLECTOR_INDEX }).getHdKey().privateKey!,
);
const DEMO_ENV = { KIOSK_TEST_WALLET: 'true', KIOSK_EVM_COLLECTOR_KEY: demoCollectorKey };

const roles = (user: { passports: { role: string }[] }) => user.passports.map((p) => p.role);

/** Signs a page in the way the sign-in dialog's "Test wallet" button does; answers the page and user. */
async function signInWithTestWallet(server: TestServer) {
  const page = cookieClient(server.url);
  const { token, secret } = (await page.request('/api/did/login/token', { method: 'POST', body: {} })).body;
  expect((await page.request('/api/test-wallet/connect', { method: 'POST', body: { token } })).status).toBe(
    200,
  );
  await page.request(`/api/did/login/status?_t_=${token}&secret=${secret}`);
  return { page, user: (await page.request('/api/session')).body.user };
}

/** A signed-in test-wallet buyer buys the T-shirt link; answers the instructions and the final status. */
async function buyTshirt(server: TestServer, link: DemoLink, wallet: TestWallet) {
  const buyer = await signedIn(server, wallet);
  const started = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body;
  const sessionId = started.checkoutSession.id;
  const method = started.paymentMethods[0];
  const submit = (details: Record<string, unknown>) =>
    buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Demo Buyer',
        customer_email: 'buyer@example.com',
        payment_method: method.id,
        payment_currency: method.payment_currencies[0].id,
        ...details,
      },
    });
  // A shirt is shipped: the link asks for a phone and a billing address.
  const bare = await submit({});
  expect(bare.status).toBe(400);
  expect(bare.body.details.map((d: { path: string }) => d.path)).toEqual(
    expect.arrayContaining(['body.customer_phone', 'body.billing_address.line1']),
  );
  const submitted = await submit({
    customer_phone: '+1 415 555 2671',
    billing_address: {
      country: 'US',
      state: 'CA',
      city: 'San Francisco',
      line1: '1 Market St',
      postal_code: '94105',
    },
  });
  // The page asks the buyer's wallet to pay; the demo's test wallet answers for it.
  const { token } = (
    await buyer.request('/api/did/payment/token', {
      method: 'POST',
      body: { params: { checkoutSessionId: sessionId, sessionUserDid: wallet.did } },
    })
  ).body;
  expect((await buyer.request('/api/test-wallet/connect', { method: 'POST', body: { token } })).status).toBe(
    200,
  );
  // Polled by hand: this also runs in a beforeAll, where expect.poll may not.
  let status = '';
  for (const deadline = Date.now() + 10_000; status !== 'complete' && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${sessionId}`)).body
      .checkoutSession.status;
  }
  return { instructions: submitted.body.paymentInstructions, status };
}

/** A merchant's view through the demo's printed test key. */
const merchantGet = async (server: TestServer, key: string, path: string) =>
  (await cookieClient(server.url).request(path, { headers: { authorization: `Bearer ${key}` } })).body;

/** The demo's active payment links and products named `name`: a restart must not add a second. */
async function countNamed(server: TestServer, key: string, name: string) {
  const named = (list: { name: string; active: boolean }[]) =>
    list.filter((item) => item.name === name && item.active).length;
  return {
    links: named((await merchantGet(server, key, '/api/payment-links?pageSize=100')).list),
    products: named((await merchantGet(server, key, '/api/products?pageSize=100')).list),
  };
}

/**
 * A signed-in test-wallet buyer starts the plan's link and submits it; answers the buyer, the session
 * and what the server asks the wallet to sign.
 */
async function submitPlan(server: TestServer, link: DemoLink, wallet: TestWallet) {
  const buyer = await signedIn(server, wallet);
  const started = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body;
  const session = started.checkoutSession;
  type Method = { id: string; payment_currencies: { id: string; symbol: string }[] };
  const method = (started.paymentMethods as Method[]).find((m) =>
    m.payment_currencies.some((c) => c.symbol === 'KDT'),
  )!;
  const kdt = method.payment_currencies.find((c) => c.symbol === 'KDT')!;
  const submitted = await buyer.request(`/api/checkout-sessions/${session.id}/submit`, {
    method: 'PUT',
    body: {
      customer_name: 'Demo Subscriber',
      customer_email: 'subscriber@example.com',
      payment_method: method.id,
      payment_currency: kdt.id,
    },
  });
  return { buyer, session, submitted };
}

describe.each(await testEngines())('the demo store on %s', (engine) => {
  let chain: DemoDevChain;
  let stripe: StripeEmulator;
  let bitcoin: BitcoinStandin;
  let server: TestServer;
  let summary: DemoSummary;

  beforeAll(async () => {
    chain = await startDevChainForDemo();
    // What `kiosk serve --demo` starts beside the chain (apps/cli/src/demo-stripe.ts, demo-bitcoin.ts);
    // blocks come from the test here, not every ten seconds.
    stripe = await startStripeEmulator();
    bitcoin = await startBitcoinStandin();
    server = await startTestServer(engine, {
      env: { ...DEMO_ENV, KIOSK_STRIPE_API_BASE: stripe.url, KIOSK_STRIPE_JS_URL: stripe.jsUrl },
    });
    summary = await seedDemo(server.app, chain, { bitcoin: { esploraUrl: bitcoin.url } });
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
    await stripe?.close();
    await bitcoin?.close();
  });

  it('puts the demo token where the seed expects it, and makes the store on the first start', async () => {
    expect(chain.demoToken.address.toLowerCase()).toBe(demoTokenAddress().toLowerCase());
    // `kiosk serve --demo` names the owner through devchain; the seed signs in as it.
    expect(DEMO_OWNER_INDEX).toBe(DEMO_OWNER_ACCOUNT);
    expect(summary.created).toBe(true);
    expect(summary.links.map((l) => l.name)).toEqual([
      'Kiosk T-shirt',
      'Sticker pack',
      'Tip jar',
      'Kiosk Pro',
      'Kiosk mug',
      'Kiosk hoodie',
    ]);
    expect(summary.apiKey).toMatch(/^sk_test_/);
    // The Tip jar is a donation link, found by its target, with its benefit.
    const tips = summary.links.find((link) => link.name === 'Tip jar')!;
    const donations = await cookieClient(server.url).request(
      '/api/donations?target=kiosk-demo-tips&livemode=false',
    );
    expect(donations.body.payment_link_id).toBe(tips.id);
    const benefits = await cookieClient(server.url).request(`/api/payment-links/${tips.id}/benefits`);
    expect(benefits.body).toMatchObject([{ name: 'Kiosk community fund', percent: 10 }]);
  });

  it('sells the mug by card through the emulator, its webhook signed with the secret this start registered', async () => {
    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    expect(lines).toContain('  test card      4242 4242 4242 4242 pays (any future date, any CVC)');
    const mug = summary.links.find((link) => link.name === 'Kiosk mug')!;
    const buyer = await signedIn(server, new TestWallet({ index: 3 }));
    const started = (await buyer.request(`/api/checkout-sessions/start/${mug.id}`, { method: 'POST' })).body;
    const card = started.paymentMethods.find((m: { type: string }) => m.type === 'stripe');
    // (the server's configuration drops a trailing slash; Stripe.js loads from either)
    expect(card.settings).toEqual({ publishable_key: 'pk_test_kiosk_demo', js_url: `${stripe.url}/v3` });
    const submitted = await buyer.request(`/api/checkout-sessions/${started.checkoutSession.id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Card Buyer',
        customer_email: 'card@example.com',
        payment_method: card.id,
        payment_currency: card.payment_currencies[0].id,
      },
    });
    expect(submitted.status).toBe(200);
    const secret: string = submitted.body.stripeContext.client_secret;
    // What the checkout's Stripe.js does with the buyer's card: confirm with the publishable key.
    const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_kiosk_demo',
        client_secret: secret,
        payment_method: 'pm_card_visa',
      }).toString(),
    });
    expect(confirmed.status).toBe(200);
    // No return to the page: the webhook alone pays the order.
    for (let i = 0; i < 200; i++) {
      const { checkoutSession } = (
        await cookieClient(server.url).request(
          `/api/checkout-sessions/retrieve/${started.checkoutSession.id}`,
        )
      ).body;
      if (checkoutSession.payment_status === 'paid') return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the card payment was not recorded');
  });

  it('sells the hoodie in Bitcoin: each order gets a fresh regtest address of the demo wallet, paid once the stand-in confirms it', async () => {
    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    expect(lines).toContain(
      `                 curl -X POST '${bitcoin.url}/_standin/fund?address=ADDRESS&sats=40000'`,
    );
    // The method holds the public key of a wallet the stand-in's test tools can spend from.
    const merchantWallet = BitcoinWallet.fromSeed(DEMO_BITCOIN_SEED);
    expect(merchantWallet.accountVpub).toBe(DEMO_BITCOIN_XPUB);
    const hoodie = summary.links.find((link) => link.name === DEMO_BITCOIN_LINK)!;
    const order = async () => {
      const buyer = await signedIn(server, TestWallet.random());
      const started = (await buyer.request(`/api/checkout-sessions/start/${hoodie.id}`, { method: 'POST' }))
        .body;
      const method = started.paymentMethods.find((m: { type: string }) => m.type === 'bitcoin');
      const id: string = started.checkoutSession.id;
      const submitted = await buyer.request(`/api/checkout-sessions/${id}/submit`, {
        method: 'PUT',
        body: {
          customer_name: 'Bitcoin Buyer',
          customer_email: 'btc@example.com',
          payment_method: method.id,
          payment_currency: method.payment_currencies[0].id,
        },
      });
      expect(submitted.status).toBe(200);
      return { buyer, id, started, instructions: submitted.body.paymentInstructions };
    };
    const first = await order();
    // Bitcoin, KDT and (the demo has cards) US dollars, on one page.
    const symbols = first.started.paymentMethods.flatMap((m: any) =>
      m.payment_currencies.map((c: { symbol: string }) => c.symbol),
    );
    expect(symbols).toEqual(expect.arrayContaining(['BTC', 'KDT', 'USD']));
    expect(first.instructions).toMatchObject({
      type: 'bitcoin',
      network: 'regtest',
      address: merchantWallet.address(0),
      amount: '40000',
      uri: `bitcoin:${merchantWallet.address(0)}?amount=0.0004`,
      confirmations: DEMO_BITCOIN_CONFIRMATIONS,
    });
    const second = await order();
    expect(second.instructions.address).toBe(merchantWallet.address(1));
    /** The page names the order's address once the buyer says they paid; then the chain decides. */
    const paid = async ({ buyer, id, instructions }: typeof first) => {
      const named = await buyer.request(`/api/checkout-sessions/${id}/pay`, {
        method: 'POST',
        body: { tx_hash: instructions.address },
      });
      expect(named.status).toBe(202);
      const retrieve = async () =>
        (await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${id}`)).body;
      await expect
        .poll(async () => (await retrieve()).checkoutSession.payment_status, { timeout: 15_000 })
        .toBe('paid');
    };

    // A buyer's wallet pays the first order with a signed transaction; two blocks confirm it.
    const payer = BitcoinWallet.fromSeed(`demo buyer ${engine}`);
    bitcoin.fund(payer.address(0), 100_000n);
    const payment = payer.pay({
      utxos: await payer.utxos(bitcoin.url),
      to: first.instructions.address,
      sats: 40_000n,
    });
    expect((await fetch(`${bitcoin.url}/tx`, { method: 'POST', body: payment.hex })).status).toBe(200);
    bitcoin.mine(DEMO_BITCOIN_CONFIRMATIONS);
    await paid(first);
    // The second, as the printed line pays: a block of its own, and the demo's next one.
    const printed = lines
      .find((line) => line.includes('/_standin/fund'))!
      .trim()
      .split("'")[1]!;
    const funded = await fetch(printed.replace('ADDRESS', second.instructions.address), { method: 'POST' });
    expect(funded.status).toBe(200);
    bitcoin.mine(1);
    await paid(second);
    // The money is in the merchant's wallet: the addresses' coins are theirs to spend.
    expect(await merchantWallet.utxos(bitcoin.url)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txid: payment.txid, value: 40_000n, address: first.instructions.address }),
        expect.objectContaining({
          txid: await funded.text(),
          value: 40_000n,
          address: second.instructions.address,
        }),
      ]),
    );
  });

  it('sells the plan by card too: a trial subscription saves a test card for 10 USD a month', async () => {
    const plan = summary.links.find((link) => link.name === DEMO_PLAN.name)!;
    const buyer = await signedIn(server, new TestWallet({ index: 4 }));
    const started = (await buyer.request(`/api/checkout-sessions/start/${plan.id}`, { method: 'POST' })).body;
    const card = started.paymentMethods.find((m: { type: string }) => m.type === 'stripe');
    const submitted = await buyer.request(`/api/checkout-sessions/${started.checkoutSession.id}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Card Subscriber',
        customer_email: 'card-sub@example.com',
        payment_method: card.id,
        payment_currency: card.payment_currencies[0].id,
      },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.stripeContext).toMatchObject({ intent_type: 'setup_intent' });
    expect(submitted.body.mandateInstructions).toMatchObject({
      type: 'card_mandate',
      max_per_cycle: '1000',
      symbol: 'USD',
    });
  });

  it('publishes the demo apps on the store front, reviewed and signed by their own keys, once', async () => {
    const front = async () => (await cookieClient(server.url).request('/api/apps?pageSize=100')).body;
    const shown = await front();
    expect(shown.list.map((app: { name: string }) => app.name).sort()).toEqual(
      DEMO_APPS.map((app) => app.name).sort(),
    );
    expect(summary.apps).toEqual(DEMO_APPS.map((app) => `${server.url}/apps/${demoAppDid(app.name)}`));
    const categories = (await cookieClient(server.url).request('/api/categories')).body.list;
    expect(categories.map((c: { name: string; app_count: number }) => [c.name, c.app_count])).toEqual([
      ['Creative', 1],
      ['Productivity', 1],
      ['Utilities', 1],
    ]);
    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    expect(lines).toContain(`  store apps     3 on the store front, e.g. ${summary.apps[0]}`);
    // A later start finds them and publishes nothing again.
    const owner = await signInInProcess(server.app, DEMO_OWNER_INDEX);
    await ensureDemoApps(server.app, owner);
    expect((await front()).count).toBe(3);
  });

  it('rates and comments on the free demo apps, and a later start adds nothing', async () => {
    const weather = `/api/apps/${demoAppDid('weather-board')}`;
    const ratings = (await cookieClient(server.url).request(`${weather}/ratings`)).body;
    expect([ratings.count, ratings.average]).toEqual([3, 4.33]);
    const comments = (await cookieClient(server.url).request(`${weather}/comments`)).body;
    expect(comments.count).toBe(3);
    expect(comments.list.map((comment: { body: string }) => comment.body)).toContain(
      '很实用，希望以后能加上空气质量。',
    );
    // Pixel Paint is sold: nobody who has not bought it rates it.
    expect(
      (await cookieClient(server.url).request(`/api/apps/${demoAppDid('pixel-paint')}/ratings`)).body.count,
    ).toBe(0);
    expect(await ensureDemoFeedback(server.app)).toBe(0);
    expect((await cookieClient(server.url).request(`${weather}/comments`)).body.count).toBe(3);
  });

  it('takes donations on every app page, 90% to the developer, in KDT', async () => {
    const did = demoAppDid('weather-board');
    const answer = (await cookieClient(server.url).request(`/api/apps/${did}/donation`, { method: 'POST' }))
      .body;
    expect(answer).toMatchObject({
      livemode: false,
      setting: { active: true },
      target: did,
      developerPercent: 90,
      developerAccepts: true,
    });
    const donations = await cookieClient(server.url).request(`/api/donations?target=${did}&livemode=false`);
    expect(donations.body).toMatchObject({ currency: { symbol: 'KDT' } });
  });

  it('sells Pixel Paint for 2 KDT in test mode, priced once however often the demo starts', async () => {
    const did = demoAppDid(DEMO_PAID_APP);
    expect(summary.paidApp).toEqual({ outcome: 'ready', url: `${server.url}/apps/${did}` });
    const pricing = (await cookieClient(server.url).request(`/api/apps/${did}/pricing`)).body;
    expect(pricing).toMatchObject({
      type: 'one_time',
      livemode: false,
      prices: [{ unit_amount: '2000000', symbol: 'KDT', decimal: 6 }],
    });
    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    expect(lines).toContain(
      `  paid app       ${summary.paidApp.outcome === 'ready' && summary.paidApp.url} (2 KDT in test mode: buy it with the test wallet)`,
    );
    const owner = await signInInProcess(server.app, DEMO_OWNER_INDEX);
    await ensureDemoPaidApp(
      owner,
      apiCaller(server.app, { authorization: `Bearer ${summary.apiKey}` }),
      server.url,
    );
    const again = (await cookieClient(server.url).request(`/api/apps/${did}/pricing`)).body;
    expect(again.price_id).toBe(pricing.price_id);
    // The other demo apps stay free.
    const free = (await cookieClient(server.url).request(`/api/apps/${demoAppDid('weather-board')}/pricing`))
      .body;
    expect(free.type).toBe('free');
  });

  it("prints the monthly plan's link with the others, and who pulls its cycles through which contract", async () => {
    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    const plan = summary.links.find((link) => link.name === DEMO_PLAN.name)!;
    expect(lines).toContain(`  Kiosk Pro      ${plan.url}`);
    const contract = demoCollectorAddress();
    expect(lines).toContain(
      `  collector      development account #18 pulls Kiosk Pro's cycles through KioskCollector ${contract}`,
    );
    expect(await chain.publicClient.getCode({ address: contract })).toMatch(/^0x[0-9a-f]{100,}$/);
    const { list } = await merchantGet(server, summary.apiKey, '/api/payment-methods');
    expect(list[0].settings.collector_contract).toBe(contract);
  });

  it('subscribes a test-wallet buyer to the plan: the wallet signs the mandate once and a 7-day trial begins', async () => {
    const wallet = new TestWallet({ index: 2 });
    const plan = summary.links.find((link) => link.name === DEMO_PLAN.name)!;
    const { buyer, session, submitted } = await submitPlan(server, plan, wallet);
    expect(session.mode).toBe('subscription');
    expect(submitted.status).toBe(200);
    const instructions = submitted.body.mandateInstructions;
    expect(instructions).toMatchObject({
      type: 'evm_mandate',
      chain_id: chain.chainId,
      max_per_cycle: DEMO_PLAN.monthly.toString(),
      symbol: 'KDT',
    });
    expect(instructions.token.toLowerCase()).toBe(chain.demoToken.address.toLowerCase());
    expect(instructions.contract.toLowerCase()).toBe(demoCollectorAddress().toLowerCase());
    expect(await chain.publicClient.getCode({ address: instructions.contract })).toMatch(
      /^0x[0-9a-f]{100,}$/,
    );
    // The mandate names the demo's collector account as the only one that may pull.
    const mandateCall = instructions.calls.at(-1).data.toLowerCase();
    expect(mandateCall).toContain(DEMO_COLLECTOR.address.slice(2).toLowerCase());

    const signer = createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
    for (const call of instructions.calls as { to: Address; data: Hex }[]) {
      const hash = await signer.sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    const confirmed = await buyer.request(`/api/checkout-sessions/${session.id}/mandate`, { method: 'POST' });
    expect(confirmed.status).toBe(202);

    const view = await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${session.id}`);
    expect(view.body.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    const subscriptionId = submitted.body.checkoutSession.subscription_id;
    // The buyer sees it as their own subscription, as the portal will.
    const subscription = (await buyer.request(`/api/subscriptions/${subscriptionId}?livemode=false`)).body;
    expect(subscription).toMatchObject({ status: 'trialing' });
    expect(subscription.trial_end - subscription.trial_start).toBe(7 * 86_400);
  });

  it("starts a trial when the page's subscription connect session is answered by the demo's Test wallet", async () => {
    const wallet = new TestWallet({ index: 4 });
    const plan = summary.links.find((link) => link.name === DEMO_PLAN.name)!;
    const { buyer, session, submitted } = await submitPlan(server, plan, wallet);
    expect(submitted.status).toBe(200);
    const opened = await buyer.request('/api/did/subscription/token', {
      method: 'POST',
      body: { params: { checkoutSessionId: session.id, sessionUserDid: wallet.did } },
    });
    expect(opened.status).toBe(200);
    const { token, secret } = opened.body;
    // The wallet is shown the very mandate the page was, calls included.
    const shown = await cookieClient(server.url).request(`/api/did/subscription/auth?_t_=${token}`);
    expect(shown.body.mandate).toEqual(submitted.body.mandateInstructions);

    expect(
      (await buyer.request('/api/test-wallet/connect', { method: 'POST', body: { token } })).status,
    ).toBe(200);
    const status = await buyer.request(`/api/did/subscription/status?_t_=${token}&secret=${secret}`);
    expect(status.body).toMatchObject({ status: 'succeeded', did: wallet.did });
    const view = await cookieClient(server.url).request(`/api/checkout-sessions/retrieve/${session.id}`);
    expect(view.body.checkoutSession).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    const subscriptionId = submitted.body.checkoutSession.subscription_id;
    const subscription = (await buyer.request(`/api/subscriptions/${subscriptionId}?livemode=false`)).body;
    expect(subscription).toMatchObject({ status: 'trialing' });
    expect(subscription.trial_end - subscription.trial_start).toBe(7 * 86_400);

    // A started subscription is not authorised twice.
    const again = await buyer.request('/api/did/subscription/token', {
      method: 'POST',
      body: { params: { checkoutSessionId: session.id, sessionUserDid: wallet.did } },
    });
    expect(again.status).toBe(409);
  });

  it('sells a T-shirt to a test-wallet buyer on the local chain', async () => {
    const paid = await buyTshirt(server, summary.links[0]!, new TestWallet({ index: 1 }));
    expect(paid.instructions).toMatchObject({ amount: '25000000', symbol: 'KDT' });
    expect(paid.status).toBe('complete');
  });

  it('signs the Test wallet in as a buyer, not the owner; the owner signs in through its printed link', async () => {
    const buyer = await signInWithTestWallet(server);
    expect(buyer.user.address).toBe(new TestWallet({ index: 0 }).address.toLowerCase());
    expect(roles(buyer.user)).toEqual(['member']);
    expect((await buyer.page.request('/api/api-keys')).status).toBe(403);

    const lines: string[] = [];
    printDemo(summary, (line) => lines.push(line));
    const printed = lines.find((line) => line.startsWith('  owner '))!;
    expect(printed).toBe(
      `  owner          open ${server.url}/demo/sign-in-as-owner (development account #19)`,
    );
    const opened = await fetch(
      printed.split(' ').find((word) => word.startsWith('http'))!,
      {
        redirect: 'manual',
      },
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/dashboard');
    const owner = cookieClient(server.url, opened.headers.get('set-cookie')!.split(';')[0]);
    const { user } = (await owner.request('/api/session')).body;
    expect(user.address).toBe(new TestWallet({ index: 19 }).address.toLowerCase());
    expect(roles(user)).toContain('owner');
    expect((await owner.request('/api/api-keys')).status).toBe(200);
  });

  it('replaces a plan an earlier demo sold before it had cards with one sold by card too, once', async () => {
    const merchant = apiCaller(server.app, { authorization: `Bearer ${summary.apiKey}` });
    const plan = summary.links.find((link) => link.name === DEMO_PLAN.name)!;
    await merchant('PUT', `/api/payment-links/${plan.id}`, { active: false });
    const methods = (await merchantGet(server, summary.apiKey, '/api/payment-methods')).list;
    const kdt = methods.flatMap((m: any) => m.payment_currencies).find((c: any) => c.symbol === 'KDT');
    const usd = methods.flatMap((m: any) => m.payment_currencies).find((c: any) => c.symbol === 'USD');
    const kdtOnly = await merchant('POST', '/api/products', {
      name: DEMO_PLAN.name,
      metadata: { [DEMO_LINK_MARK]: true },
      prices: [
        { type: 'recurring', currency_id: kdt.id, unit_amount: '10000000', recurring: { interval: 'month' } },
      ],
    });
    const old = await merchant('POST', '/api/payment-links', {
      name: DEMO_PLAN.name,
      line_items: [{ price_id: kdtOnly.body.prices[0].id, quantity: 1 }],
      metadata: { [DEMO_LINK_MARK]: true },
    });

    const replaced = await ensureDemoPlan(merchant, chain, usd.id);
    expect(replaced).toMatchObject({ outcome: 'ready', added: true });
    const link = replaced.outcome === 'ready' ? replaced.link : undefined;
    expect(link!.id).not.toBe(old.body.id);
    expect((await merchant('GET', `/api/payment-links/${old.body.id}`)).body.active).toBe(false);
    const price = (await merchant('GET', `/api/payment-links/${link!.id}`)).body.line_items[0].price_id;
    expect((await merchant('GET', `/api/prices/${price}`)).body.currency_options).toMatchObject([
      { currency_id: usd.id, unit_amount: '1000' },
    ]);
    expect(await ensureDemoPlan(merchant, chain, usd.id)).toMatchObject({
      added: false,
      link: { id: link!.id },
    });
  });
});

describe.each(await testEngines())('the demo started again on the same data, on %s', (engine) => {
  let first: { chain: DemoDevChain; server: TestServer; summary: DemoSummary };
  let again: { chain: DemoDevChain; server: TestServer; summary: DemoSummary; printed: string[] };
  let bitcoin: BitcoinStandin;
  let paid: Awaited<ReturnType<typeof buyTshirt>>;
  const ownerDid = new TestWallet({ index: 19 }).did;

  beforeAll(async () => {
    // The chain keeps its transactions where `kiosk serve --demo` keeps them: beside the database.
    const journal = join(mkdtempSync(join(tmpdir(), 'kiosk-demo-')), 'demo-chain.jsonl');
    const firstChain = await startDevChainForDemo({ journal });
    const firstBitcoin = await startBitcoinStandin();
    // The first start as demos ran before they named their owner: the README's buyer signed in first.
    const firstServer = await startTestServer(engine, { env: DEMO_ENV });
    await signInWithTestWallet(firstServer);
    const firstSummary = await seedDemo(firstServer.app, firstChain, {
      bitcoin: { esploraUrl: firstBitcoin.url },
    });
    first = { chain: firstChain, server: firstServer, summary: firstSummary };
    paid = await buyTshirt(firstServer, first.summary.links[0]!, new TestWallet({ index: 1 }));
    await firstServer.stop();
    await firstChain.stop();
    await firstBitcoin.close();

    // Started again: a new chain process on the same port and journal, a new server on the same database,
    // a new Bitcoin stand-in (on another port here).
    const chain = await startDevChainForDemo({ journal, port: Number(new URL(firstChain.rpcUrl).port) });
    bitcoin = await startBitcoinStandin();
    const server = await startTestServer(engine, {
      database: firstServer.database,
      env: { ...DEMO_ENV, KIOSK_OWNER_DID: ownerDid },
    });
    const summary = await seedDemo(server.app, chain, { bitcoin: { esploraUrl: bitcoin.url } });
    const printed: string[] = [];
    printDemo(summary, (line) => printed.push(line));
    again = { chain, server, summary, printed };
  });
  afterAll(async () => {
    await again?.server.close();
    await again?.chain.stop();
    await bitcoin?.close();
  });

  it('prints the same links and a new key that works, and the earlier key no longer does', async () => {
    const { summary, printed } = again;
    expect(summary.created).toBe(false);
    // The same links (their URLs name this server's address, a new port in this test).
    const named = (links: DemoLink[]) => links.map(({ name, id }) => ({ name, id }));
    expect(named(summary.links)).toEqual(named(first.summary.links));
    expect(summary.apiKey).not.toBe(first.summary.apiKey);
    expect(summary.revokedKeys).toBe(1);
    expect(printed[0]).toBe('demo store (test mode), as an earlier start left it:');
    for (const link of summary.links) expect(printed).toContain(`  ${link.name.padEnd(14)} ${link.url}`);
    expect(printed.join('\n')).toContain(`  test API key   ${summary.apiKey} `);

    const merchant = (key: string) =>
      cookieClient(again.server.url).request('/api/payment-links', {
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await merchant(summary.apiKey)).status).toBe(200);
    expect((await merchant(first.summary.apiKey)).status).toBe(401);
  });

  it('has the chain the database remembers: the paid transaction and the balances are still there', async () => {
    expect(paid.status).toBe('complete');
    expect(again.chain.replayed).toBeGreaterThan(11);
    const intents = (
      await cookieClient(again.server.url).request('/api/payment-intents', {
        headers: { authorization: `Bearer ${again.summary.apiKey}` },
      })
    ).body.list;
    const hash = intents.find((intent: { status: string }) => intent.status === 'succeeded').payment_details
      .evm.tx_hash;
    const receipt = await again.chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  });

  it('keeps one plan: the same link and product, on the collector the replayed chain still has', async () => {
    expect(first.summary.plan).toMatchObject({ outcome: 'ready', added: true });
    expect(again.summary.plan).toMatchObject({ outcome: 'ready', added: false });
    expect(again.printed.join('\n')).not.toContain('note: added');
    expect(await countNamed(again.server, again.summary.apiKey, DEMO_PLAN.name)).toEqual({
      links: 1,
      products: 1,
    });
    expect(await again.chain.publicClient.getCode({ address: demoCollectorAddress() })).toMatch(
      /^0x[0-9a-f]{100,}$/,
    );
  });

  it("points the one Bitcoin method at this start's stand-in, and keeps one hoodie", async () => {
    expect(again.summary.bitcoin).toMatchObject({ outcome: 'ready', esploraUrl: bitcoin.url });
    const methods = (await merchantGet(again.server, again.summary.apiKey, '/api/payment-methods')).list;
    const bitcoinMethods = methods.filter((m: { type: string }) => m.type === 'bitcoin');
    expect(bitcoinMethods).toMatchObject([
      { settings: { xpub: DEMO_BITCOIN_XPUB, esplora_url: bitcoin.url } },
    ]);
    expect(await countNamed(again.server, again.summary.apiKey, DEMO_BITCOIN_LINK)).toEqual({
      links: 1,
      products: 1,
    });
  });

  it('takes the owner role from the buyer an earlier demo made owner, and gives it to the owner account', async () => {
    expect(first.summary.owner.isOwner).toBe(false);
    expect(again.summary.owner.isOwner).toBe(true);
    expect(again.summary.demotedBuyers).toEqual([0]);
    const buyer = await signInWithTestWallet(again.server);
    expect(roles(buyer.user)).toEqual(['member']);
  });
});

describe.each(await testEngines())('a store an earlier demo made, before it sold a plan, on %s', (engine) => {
  let chain: DemoDevChain;
  let server: TestServer;
  let upgraded: DemoSummary;
  let printed: string[];
  let again: DemoSummary;

  beforeAll(async () => {
    chain = await startDevChainForDemo();
    server = await startTestServer(engine, { env: DEMO_ENV });
    // What that demo made: the shop's method (no collector contract) and its three links, no plan.
    const { secret } = await createApiKey(server.app.kiosk.platform, {
      name: 'Demo back end',
      livemode: false,
      createdBy: 'kiosk:demo',
    });
    await createDemoStore(apiCaller(server.app, { authorization: `Bearer ${secret}` }), chain);
    upgraded = await seedDemo(server.app, chain);
    printed = [];
    printDemo(upgraded, (line) => printed.push(line));
    again = await seedDemo(server.app, chain);
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it('gets the plan and the collector contract on its next start, and prints the plan with its links', async () => {
    expect(upgraded.created).toBe(false);
    expect(upgraded.plan).toMatchObject({ outcome: 'ready', added: true, collector: demoCollectorAddress() });
    expect(upgraded.links.map((l) => l.name)).toEqual([
      'Kiosk T-shirt',
      'Sticker pack',
      'Tip jar',
      'Kiosk Pro',
    ]);
    expect(printed).toContain(`  Kiosk Pro      ${upgraded.links[3]!.url}`);
    expect(printed).toContain('  note: added the Kiosk Pro plan to the store an earlier demo made');
    const { list } = await merchantGet(server, again.apiKey, '/api/payment-methods');
    expect(list).toHaveLength(1);
    expect(list[0].settings).toMatchObject({
      chain_id: chain.chainId,
      collector_contract: demoCollectorAddress(),
    });
  });

  it('adds nothing the start after', async () => {
    expect(again.plan).toMatchObject({ outcome: 'ready', added: false });
    expect(again.links).toEqual(upgraded.links);
    expect(await countNamed(server, again.apiKey, DEMO_PLAN.name)).toEqual({ links: 1, products: 1 });
  });

  it('answers the plan in subscription mode with a mandate on the collector it set', async () => {
    const { session, submitted } = await submitPlan(server, again.links[3]!, new TestWallet({ index: 3 }));
    expect(session.mode).toBe('subscription');
    expect(submitted.body.mandateInstructions.contract.toLowerCase()).toBe(
      demoCollectorAddress().toLowerCase(),
    );
  });
});

describe("the demo chain's KioskCollector", () => {
  it('is deployed once at the address the store names, and found there after', async () => {
    const chain = await startDevChain();
    try {
      expect(await ensureDemoCollector(chain)).toEqual({
        address: demoCollectorAddress(),
        outcome: 'deployed',
      });
      expect(await ensureDemoCollector(chain)).toEqual({
        address: demoCollectorAddress(),
        outcome: 'present',
      });
    } finally {
      await chain.stop();
    }
  });

  it("refuses, saying why, when the deployer's first transaction went elsewhere", async () => {
    const chain = await startDevChain();
    try {
      await DEMO_DEPLOYER.sendNative({
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        to: DEMO_COLLECTOR.address,
        value: 1n,
      });
      await expect(ensureDemoCollector(chain)).rejects.toThrow(
        /has sent 1 transactions on this chain, so KioskCollector can no longer land at 0x/,
      );
    } finally {
      await chain.stop();
    }
  });
});
