import { startDevChain, type DevChain } from '@kiosk/devchain';
import { eventsOf, TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, type Deps } from './deps.ts';
import { COLLECT_JOB } from './flows/collection-queue.ts';
import { collectInvoices } from './flows/collection.ts';
import { deployCollector } from './methods/evm/collector/collector.ts';
import type { PaymentMethodAdapter } from './methods/adapter.ts';

/**
 * The billing engine asks the chain for a subscription invoice's pull outside any transaction, then
 * records the outcome. An invoice that stopped being open in between (its checkout expired, the
 * merchant voided it) used to have its pull dropped: the collector contract had taken the money from
 * the customer's wallet and nothing recorded it, not even as refundable. A pull that received money is
 * always recorded: an intent and a succeeded charge for what arrived, all of it refundable
 * (`invoice_void`), and the invoice, its subscription and its checkout stay as they were closed.
 */

const RECEIVER = '0x9999999999999999999999999999999999999999' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals

describe.each(await testEngines())('a pull for an invoice closed meanwhile on %s', (engine) => {
  let clock: TestClock;
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let collectorKey: Hex;
  let token: Address;
  let methodId: string;
  let kdt: string;
  let monthlyPrice: string;
  // The chain gives the first 20 wallets gas; these hold tokens, one a test (each its own allowance).
  const holders = [1, 2, 3].map((index) => new TestWallet({ index }));

  const walletOf = (wallet: TestWallet) =>
    createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
  const balanceOf = (address: Address) =>
    chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const db = () => server.app.kiosk.database.db as unknown as Deps['db'];
  const eventTypes = async (id: string) =>
    (await eventsOf(server.app.kiosk.database, id)).map((event) => event.type);

  beforeAll(async () => {
    chain = await startDevChain();
    const start = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp) + 10;
    clock = new TestClock(start * 1000);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders.map((wallet) => wallet.address),
      amount: 1_000_000_000n,
    });
    const deployer = walletOf(new TestWallet({ index: 0 }));
    const collectorContract = await deployCollector(deployer, chain.publicClient);
    collectorKey = generatePrivateKey();
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
    monthlyPrice = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Kiosk Pro',
          prices: [
            {
              currency_id: kdt,
              type: 'recurring',
              unit_amount: MONTHLY.toString(),
              recurring: { interval: 'month' },
            },
          ],
        },
      })
    ).body.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /**
   * `wallet` subscribes and signs the mandate; its first invoice is open and due, its collection job
   * held back (the job runner is stopped until the test lets it run again).
   */
  async function subscribedWithDueInvoice(wallet: TestWallet) {
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: monthlyPrice }] },
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
    const subscriptionId = submitted.body.checkoutSession.subscription_id as string;
    for (const call of submitted.body.mandateInstructions.calls as { to: Address; data: Hex }[]) {
      const hash = await walletOf(wallet).sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    await server.app.kiosk.jobs.stop();
    const confirmed = await client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
    expect(confirmed.status).toBe(202);
    const invoices = (await merchant.test(`/api/invoices?subscription_id=${subscriptionId}`)).body.list;
    expect(invoices).toMatchObject([{ billing_reason: 'subscription_create', status: 'open' }]);
    return { sessionId, subscriptionId, invoiceId: invoices[0].id as string };
  }

  /**
   * The server's own services and EVM adapter, whose pull runs `meanwhile` once the chain answered
   * "received" and before the outcome is recorded: what another request does between the two.
   */
  function collectingWith(meanwhile: () => Promise<void>): Deps {
    const deps = createDeps(server.app.kiosk.platform, server.url, { evmCollectorKey: collectorKey });
    const read = deps.methods.read.bind(deps.methods);
    deps.methods.read = (row) => {
      const { adapter, method } = read(row);
      const collect: PaymentMethodAdapter['collect'] = async (...args) => {
        const verdict = await adapter.collect!(...args);
        if (verdict.outcome === 'received') await meanwhile();
        return verdict;
      };
      return { adapter: Object.assign(Object.create(adapter) as PaymentMethodAdapter, { collect }), method };
    };
    return deps;
  }

  /** What the server recorded of the invoice's pulls: its intents, and their charges as the API shows them. */
  async function recordedFor(invoiceId: string) {
    const intents = await db()
      .selectFrom('payment_intents')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .execute();
    const charges = [];
    for (const intent of intents)
      charges.push(...(await merchant.test(`/api/charges?payment_intent_id=${intent.id}`)).body.list);
    return { intents, charges };
  }

  /** The job runner runs again: the invoice's held-back collection job runs too, and finds nothing to pull. */
  async function releaseHeldCollection(invoiceId: string) {
    server.app.kiosk.jobs.start();
    for (let i = 0; i < 400; i++) {
      const left = await db()
        .selectFrom('jobs' as never)
        .select('status' as never)
        .where('name' as never, '=', COLLECT_JOB as never)
        .where('key' as never, 'like', `${invoiceId}@%` as never)
        .where('status' as never, 'in', ['queued', 'running'] as never)
        .execute();
      if (left.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the held-back collection job never ran');
  }

  /** The pull is recorded once, refundable in full as `reason`, and the wallet paid exactly that. */
  async function expectRefundablePull(
    invoiceId: string,
    wallet: TestWallet,
    received: bigint,
    reason: string,
  ) {
    expect(received).toBe(MONTHLY);
    const { intents, charges } = await recordedFor(invoiceId);
    expect(intents).toHaveLength(1);
    const [intent] = intents;
    // Nothing will pay it: the money paid nothing, and its checkout is not completed by it.
    expect(intent).toMatchObject({ status: 'canceled', checkout_session_id: null });
    expect(charges).toHaveLength(1);
    const [charge] = charges;
    expect(charge).toMatchObject({
      status: 'succeeded',
      amount: received.toString(),
      amount_refundable: received.toString(),
      refund_reason: reason,
    });
    expect(charge.payer.toLowerCase()).toBe(wallet.address.toLowerCase());
    expect(await eventTypes(charge.id)).toEqual(['charge.pending', 'charge.succeeded']);
    const refundable = (await merchant.test('/api/charges?refundable=1&pageSize=100')).body.list;
    expect(refundable.map((row: { id: string }) => row.id)).toContain(charge.id);
    return charge.id as string;
  }

  it('its checkout expires between the pull and its record: the money is refundable, the subscription stays expired', async () => {
    const wallet = holders[0]!;
    const due = await subscribedWithDueInvoice(wallet);
    const before = { receiver: await balanceOf(RECEIVER), payer: await balanceOf(wallet.address) };
    const deps = collectingWith(async () => {
      const expired = await merchant.test(`/api/checkout-sessions/${due.sessionId}/expire`, {
        method: 'PUT',
      });
      expect(expired.status).toBe(200);
    });
    try {
      const outcomes = await collectInvoices(deps, [due.invoiceId]);
      expect(outcomes.get(due.invoiceId)).toBe('received');
      const received = (await balanceOf(RECEIVER)) - before.receiver;
      expect(before.payer - (await balanceOf(wallet.address))).toBe(received);
      const chargeId = await expectRefundablePull(due.invoiceId, wallet, received, 'invoice_void');

      const invoice = (await merchant.test(`/api/invoices/${due.invoiceId}`)).body;
      expect(invoice).toMatchObject({ status: 'void', amount_paid: '0' });
      expect((await eventTypes(due.invoiceId)).filter((type) => type === 'invoice.paid')).toEqual([]);
      const subscription = (await merchant.test(`/api/subscriptions/${due.subscriptionId}`)).body;
      expect(subscription.status).toBe('incomplete_expired');
      const session = (await merchant.test(`/api/checkout-sessions/${due.sessionId}`)).body;
      expect(session).toMatchObject({ status: 'expired' });

      // Collection runs again (the job held back, a retry): nothing is pulled or recorded twice.
      expect((await collectInvoices(deps, [due.invoiceId])).get(due.invoiceId)).toBe('skipped');
      await releaseHeldCollection(due.invoiceId);
      expect((await balanceOf(RECEIVER)) - before.receiver).toBe(received);
      const again = await recordedFor(due.invoiceId);
      expect(again.charges.map((charge: { id: string }) => charge.id)).toEqual([chargeId]);
      expect(again.intents).toHaveLength(1);
    } finally {
      server.app.kiosk.jobs.start();
    }
  });

  it('the merchant voids it between the pull and its record: the money is refundable, its open checkout is not completed', async () => {
    const wallet = holders[1]!;
    const due = await subscribedWithDueInvoice(wallet);
    const before = await balanceOf(RECEIVER);
    const deps = collectingWith(async () => {
      const voided = await merchant.test(`/api/invoices/${due.invoiceId}/void`, { method: 'PUT' });
      expect(voided.status).toBe(200);
    });
    try {
      expect((await collectInvoices(deps, [due.invoiceId])).get(due.invoiceId)).toBe('received');
      const received = (await balanceOf(RECEIVER)) - before;
      await expectRefundablePull(due.invoiceId, wallet, received, 'invoice_void');
      expect((await merchant.test(`/api/invoices/${due.invoiceId}`)).body.status).toBe('void');
      expect((await merchant.test(`/api/subscriptions/${due.subscriptionId}`)).body.status).toBe(
        'incomplete',
      );
      expect((await merchant.test(`/api/checkout-sessions/${due.sessionId}`)).body.status).toBe('open');

      await releaseHeldCollection(due.invoiceId);
      expect((await balanceOf(RECEIVER)) - before).toBe(received);
      expect((await recordedFor(due.invoiceId)).charges).toHaveLength(1);
    } finally {
      server.app.kiosk.jobs.start();
    }
  });
});
