import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_OWNER_ACCOUNT, startDevChainForDemo, type DemoDevChain } from '@kiosk/devchain';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER_INDEX } from './demo-accounts.ts';
import type { DemoLink } from './demo-store.ts';
import { demoTokenAddress, printDemo, seedDemo, type DemoSummary } from './seed.ts';

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

describe.each(await testEngines())('the demo store on %s', (engine) => {
  let chain: DemoDevChain;
  let server: TestServer;
  let summary: DemoSummary;

  beforeAll(async () => {
    chain = await startDevChainForDemo();
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
    summary = await seedDemo(server.app, chain);
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it('puts the demo token where the seed expects it, and makes the store on the first start', async () => {
    expect(chain.demoToken.address.toLowerCase()).toBe(demoTokenAddress().toLowerCase());
    // `kiosk serve --demo` names the owner through devchain; the seed signs in as it.
    expect(DEMO_OWNER_INDEX).toBe(DEMO_OWNER_ACCOUNT);
    expect(summary.created).toBe(true);
    expect(summary.links.map((l) => l.name)).toEqual(['Kiosk T-shirt', 'Sticker pack', 'Tip jar']);
    expect(summary.apiKey).toMatch(/^sk_test_/);
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
});

describe.each(await testEngines())('the demo started again on the same data, on %s', (engine) => {
  let first: { chain: DemoDevChain; server: TestServer; summary: DemoSummary };
  let again: { chain: DemoDevChain; server: TestServer; summary: DemoSummary; printed: string[] };
  let paid: Awaited<ReturnType<typeof buyTshirt>>;
  const ownerDid = new TestWallet({ index: 19 }).did;

  beforeAll(async () => {
    // The chain keeps its transactions where `kiosk serve --demo` keeps them: beside the database.
    const journal = join(mkdtempSync(join(tmpdir(), 'kiosk-demo-')), 'demo-chain.jsonl');
    const firstChain = await startDevChainForDemo({ journal });
    // The first start as demos ran before they named their owner: the README's buyer signed in first.
    const firstServer = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
    await signInWithTestWallet(firstServer);
    first = { chain: firstChain, server: firstServer, summary: await seedDemo(firstServer.app, firstChain) };
    paid = await buyTshirt(firstServer, first.summary.links[0]!, new TestWallet({ index: 1 }));
    await firstServer.stop();
    await firstChain.stop();

    // Started again: a new chain process on the same port and journal, a new server on the same database.
    const chain = await startDevChainForDemo({ journal, port: Number(new URL(firstChain.rpcUrl).port) });
    const server = await startTestServer(engine, {
      database: firstServer.database,
      env: { KIOSK_TEST_WALLET: 'true', KIOSK_OWNER_DID: ownerDid },
    });
    const summary = await seedDemo(server.app, chain);
    const printed: string[] = [];
    printDemo(summary, (line) => printed.push(line));
    again = { chain, server, summary, printed };
  });
  afterAll(async () => {
    await again?.server.close();
    await again?.chain.stop();
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

  it('takes the owner role from the buyer an earlier demo made owner, and gives it to the owner account', async () => {
    expect(first.summary.owner.isOwner).toBe(false);
    expect(again.summary.owner.isOwner).toBe(true);
    expect(again.summary.demotedBuyers).toEqual([0]);
    const buyer = await signInWithTestWallet(again.server);
    expect(roles(buyer.user)).toEqual(['member']);
  });
});
