import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { createTestClient, createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCollector } from './methods/evm/collector/collector.ts';

/**
 * Renewals on an idle chain (issue 21 item 18): the local chain mines a block only for a transaction,
 * so when a period ends its latest block may still lie in the previous cycle. Collection judged by that
 * block answered "wait until" a moment already past, the retry collided with the running job's key,
 * and the renewal stayed open for ever: the merchant lost the period and the customer was never
 * blocked. Here the server's clock moves on and no block is mined; the chain's next block comes at the
 * server's time (a real chain's clock, and an automining local one's, is the wall clock too).
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals

interface Invoice {
  id: string;
  status: string;
  billing_reason: string;
  attempt_count: number;
  next_payment_attempt: number | null;
  period_start: number;
}

describe.each(await testEngines())('renewals on an idle chain, on %s', (engine) => {
  let clock: TestClock;
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let token: Address;
  let methodId: string;
  let kdt: string;
  let priceId: string;
  let buyers = 0;

  const testClient = () =>
    createTestClient({ mode: 'hardhat', chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });
  const walletOf = (wallet: TestWallet) =>
    createWalletClient({
      account: wallet.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
  const latestBlock = () => chain.publicClient.getBlock({ blockTag: 'latest' });
  /** The chain's next block (none is mined) comes at the server's time. */
  const chainFollowsServer = () => testClient().setNextBlockTimestamp({ timestamp: BigInt(clock.nowUnix()) });

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
    const start = Number((await latestBlock()).timestamp) + 10;
    clock = new TestClock(start * 1000);
    const holders = [1, 2, 3].map((index) => new TestWallet({ index }).address);
    token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: holders,
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
    const product = (
      await merchant.test('/api/products', {
        method: 'POST',
        body: {
          name: 'Monthly plan',
          prices: [
            {
              type: 'recurring',
              currency_id: kdt,
              unit_amount: MONTHLY.toString(),
              recurring: { interval: 'month' },
            },
          ],
        },
      })
    ).body;
    priceId = product.prices[0].id;
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  /** A new customer subscribes (no trial: the first period is pulled at once) and is active. */
  async function subscribe() {
    const wallet = new TestWallet({ index: 1 + buyers++ });
    const client = await signedIn(server, wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }] },
      })
    ).body;
    const sessionId = (await client.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' }))
      .body.checkoutSession.id as string;
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
    for (const call of submitted.body.mandateInstructions.calls as { to: Address; data: Hex }[]) {
      const hash = await walletOf(wallet).sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    const confirmed = await client.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' });
    expect(confirmed.status).toBe(202);
    const subscriptionId = submitted.body.checkoutSession.subscription_id as string;
    const subscription = () => merchant.test(`/api/subscriptions/${subscriptionId}`).then((r) => r.body);
    const invoices = async (): Promise<Invoice[]> =>
      (await merchant.test(`/api/invoices?subscription_id=${subscriptionId}&pageSize=100`)).body.list;
    await until(subscription, (s) => s.status === 'active');
    return { wallet, subscription, invoices };
  }

  const renewalOf = (list: Invoice[], due: number) =>
    list.find((invoice) => invoice.period_start === due && invoice.billing_reason === 'subscription_cycle');

  it("collects a renewal while the chain's latest block still lies in the previous cycle", async () => {
    const customer = await subscribe();
    const before = await chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [customer.wallet.address],
    });
    const due = (await customer.subscription()).current_period_end as number;
    clock.advance({ seconds: due - clock.nowUnix() });
    await chainFollowsServer();
    const idleSince = (await latestBlock()).number;

    const paid = await until(customer.invoices, (list) => renewalOf(list, due)?.status === 'paid');
    expect(renewalOf(paid, due)).toMatchObject({ attempt_count: 0, next_payment_attempt: null });
    expect((await customer.subscription()).status).toBe('active');
    // One pull, in the one block mined since: the chain was idle until it.
    expect((await latestBlock()).number).toBe(idleSince + 1n);
    const after = await chain.publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [customer.wallet.address],
    });
    expect(before - after).toBe(MONTHLY);
  });

  it("tries a pull the chain's clock finds too early again later, and collects it then", async () => {
    const customer = await subscribe();
    const due = (await customer.subscription()).current_period_end as number;
    // The server's clock is past the period's end; the chain's is still in the previous cycle.
    clock.advance({ seconds: due - clock.nowUnix() });
    const waiting = await until(customer.invoices, (list) => {
      const renewal = renewalOf(list, due);
      return renewal !== undefined && (renewal.next_payment_attempt ?? 0) > due;
    });
    // Not a failed payment: tried again soon, not in a day, and the customer is not blamed.
    const renewal = renewalOf(waiting, due)!;
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 0 });
    expect(renewal.next_payment_attempt! - due).toBeLessThanOrEqual(5 * 60);

    // The chain's clock catches up (still no block mined); the retry's time comes.
    clock.advance({ seconds: renewal.next_payment_attempt! - clock.nowUnix() });
    await chainFollowsServer();
    const paid = await until(customer.invoices, (list) => renewalOf(list, due)?.status === 'paid');
    expect(renewalOf(paid, due)).toMatchObject({ attempt_count: 0 });
    expect((await customer.subscription()).status).toBe('active');
  });
});
