import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@kiosk/db';
import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { sql } from 'kysely';
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCollector } from './methods/evm/collector/collector.ts';

/**
 * No outside I/O inside a database transaction (../shared/ARCHITECTURE.md): a payment write waiting on
 * a slow rail must not stall other requests (SQLite has one connection for the whole process) nor hold
 * a PostgreSQL connection and its locks. The rail is the real local chain behind a proxy that holds
 * the chain reads a subscription's submit and mandate confirm make until the test lets them go.
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;

/** A JSON-RPC proxy in front of the chain that, while armed, holds every call until released. */
async function slowRail(upstream: string) {
  let armed = false;
  let waiting: (() => void)[] = [];
  let onHeld: (() => void) | undefined;
  const server: Server = createServer((incoming, outgoing) => {
    const forward = () =>
      incoming.pipe(
        httpRequest(upstream, { method: incoming.method, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        }),
      );
    if (!armed) return forward();
    waiting.push(forward);
    onHeld?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Holds the calls from now on; resolves once the first one is held. */
    hold(): Promise<void> {
      armed = true;
      return new Promise((resolve) => (onHeld = resolve));
    },
    release() {
      armed = false;
      onHeld = undefined;
      for (const forward of waiting) forward();
      waiting = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers within `ms`, or says it was stalled (a fixed bound on the test, not a measurement). */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), ms))]);

describe.each(await testEngines())('a slow rail on %s', (engine) => {
  let chain: DevChain;
  let rail: Awaited<ReturnType<typeof slowRail>>;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let methodId: string;
  let kdt: string;
  let linkId: string;

  beforeAll(async () => {
    chain = await startDevChain();
    rail = await slowRail(chain.rpcUrl);
    const start = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp) + 10;
    const wallet = new TestWallet({ index: 3 });
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: [wallet.address],
      amount: 1_000_000_000n,
    });
    const deployer = createWalletClient({
      account: new TestWallet({ index: 0 }).account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
    const collectorContract = await deployCollector(deployer, chain.publicClient);
    const collectorKey = generatePrivateKey();
    await chain.publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({
        to: privateKeyToAccount(collectorKey).address,
        value: 10n ** 18n,
      }),
    });
    server = await startTestServer(engine, {
      clock: new TestClock(start * 1000),
      env: { KIOSK_EVM_COLLECTOR_KEY: collectorKey },
    });
    merchant = await merchantOf(server);
    const method = (
      await merchant.test('/api/payment-methods', {
        method: 'POST',
        body: {
          type: 'evm',
          name: 'Slow chain',
          settings: {
            chain_id: chain.chainId,
            api_host: rail.url,
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
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Monthly plan',
          prices: [
            { type: 'recurring', currency_id: kdt, unit_amount: '1000000', recurring: { interval: 'month' } },
          ],
        },
      })
    ).body;
    linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: product.prices[0].id }] },
      })
    ).body.id;
  });
  afterAll(async () => {
    await server?.close();
    await rail?.close();
    await chain?.stop();
  });

  /** Transactions of the server's database open and waiting for their client (PostgreSQL). */
  async function idleInTransaction(): Promise<number> {
    if (!server.database.databaseUrl) return 0;
    const watcher = openDatabase({
      databaseUrl: server.database.databaseUrl,
      dataDir: server.database.dataDir,
    });
    try {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(watcher.db);
      return Number(rows[0]!.count);
    } finally {
      await watcher.close();
    }
  }

  /** While a write waits on the rail: others are answered, and no transaction is held open. */
  async function othersGoOn() {
    const health = await within(5_000, fetch(`${server.url}/api/health`));
    expect(health === 'stalled' ? health : health.status).toBe(200);
    // A write of another caller commits meanwhile (on SQLite it needs the one connection).
    const other = await within(
      5_000,
      merchant.test('/api/products', { method: 'POST', body: { name: 'Made while the rail is slow' } }),
    );
    expect(other === 'stalled' ? other : other.status).toBe(201);
    expect(await idleInTransaction()).toBe(0);
  }

  it('lets other requests through while a subscription submit and its mandate confirm wait on the rail', async () => {
    const wallet = new TestWallet({ index: 3 });
    const buyer = await signedIn(server, wallet);
    const sessionId = (await buyer.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' })).body
      .checkoutSession.id as string;

    // Submit asks the rail what the wallet already allows before it writes anything.
    const held = rail.hold();
    const submitting = buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
      method: 'PUT',
      body: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        payment_method: methodId,
        payment_currency: kdt,
      },
    });
    await held;
    await othersGoOn();
    rail.release();
    const submitted = await submitting;
    expect(submitted.status).toBe(200);
    expect(submitted.body.mandateInstructions).toMatchObject({ type: 'evm_mandate' });

    const signer = createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
    for (const call of submitted.body.mandateInstructions.calls as { to: Address; data: Hex }[])
      await chain.publicClient.waitForTransactionReceipt({ hash: await signer.sendTransaction(call) });

    // The confirm reads the mandate on the rail, then starts the subscription.
    const heldAgain = rail.hold();
    const confirming = buyer.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
    await heldAgain;
    await othersGoOn();
    rail.release();
    expect((await confirming).status).toBe(202);
    const subscriptionId = submitted.body.checkoutSession.subscription_id as string;
    // The billing engine then pulls the first period through the mandate.
    await expect
      .poll(async () => (await merchant.test(`/api/subscriptions/${subscriptionId}`)).body.status, {
        timeout: 10_000,
      })
      .toBe('active');
  });
});
