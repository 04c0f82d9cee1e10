import { startDevChain, type DevChain } from '@kiosk/devchain';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCollector } from './methods/evm/collector/collector.ts';

/**
 * What the API gives a subscriber's screens to say. Before their wallet signs (issue 21 item 2): one
 * wallet subscribing three times to one 10 KDT monthly price was told "12 cycles", then "36" and "47",
 * because the screen divided the allowance, which also holds what the wallet allows its other
 * subscriptions; the answer now says this mandate's own cycles and the plan's interval. Afterwards
 * (item 8): the portal named two subscriptions "Monthly", their price's nickname; each item now
 * carries its product's name.
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const MONTHLY = 10_000_000n; // 10 KDT of 6 decimals

describe.each(await testEngines())('what a subscriber reads, on %s', (engine) => {
  let chain: DevChain;
  let server: TestServer;
  let merchant: Awaited<ReturnType<typeof merchantOf>>;
  let priceId: string;
  let methodId: string;
  let kdt: string;
  const wallet = new TestWallet({ index: 3 });

  beforeAll(async () => {
    chain = await startDevChain();
    const token = await chain.deployDemoToken({
      name: 'Kiosk Demo Token',
      symbol: 'KDT',
      decimals: 6,
      mintTo: [wallet.address],
      amount: 1_000_000_000n,
    });
    const deployer = walletOf(new TestWallet({ index: 0 }));
    const collectorContract = await deployCollector(deployer, chain.publicClient);
    server = await startTestServer(engine, { env: { KIOSK_EVM_COLLECTOR_KEY: generatePrivateKey() } });
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
          name: 'Kiosk Pro',
          prices: [
            {
              type: 'recurring',
              nickname: 'Monthly',
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

  function walletOf(signer: TestWallet) {
    return createWalletClient({
      account: signer.account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
  }

  /**
   * The wallet's buyer submits a checkout of the plan from a link of its own (a link's open session
   * would be answered again); their wallet sends what the answer asks.
   */
  async function subscribe() {
    const linkId = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: priceId }], subscription_data: { trial_period_days: 7 } },
      })
    ).body.id;
    const client = await signedIn(server, wallet);
    const started = await client.request(`/api/checkout-sessions/start/${linkId}`, { method: 'POST' });
    const submitted = await client.request(
      `/api/checkout-sessions/${started.body.checkoutSession.id}/submit`,
      {
        method: 'PUT',
        body: {
          customer_name: 'Ada',
          customer_email: 'ada@example.com',
          payment_method: methodId,
          payment_currency: kdt,
        },
      },
    );
    expect(submitted.status).toBe(200);
    const instructions = submitted.body.mandateInstructions;
    for (const call of instructions.calls as { to: Address; data: Hex }[]) {
      const hash = await walletOf(wallet).sendTransaction(call);
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    }
    return { instructions, client, subscriptionId: submitted.body.checkoutSession.subscription_id as string };
  }

  it("says this mandate's 12 payments per month for each of a wallet's subscriptions, whatever it allows in all", async () => {
    for (const held of [12n, 24n, 36n]) {
      const { instructions } = await subscribe();
      expect(instructions).toMatchObject({
        max_per_cycle: MONTHLY.toString(),
        cycles: 12,
        interval: 'month',
        interval_count: 1,
        // The approval adds to what the wallet allows its earlier subscriptions.
        allowance: (held * MONTHLY).toString(),
      });
    }
  });

  it("names each subscription item's product, in the subscription and in the customer's list", async () => {
    const { client, subscriptionId } = await subscribe();
    const item = { price_id: priceId, product_name: 'Kiosk Pro', price: { nickname: 'Monthly' } };
    const one = await client.request(`/api/subscriptions/${subscriptionId}?livemode=false`);
    expect(one.status).toBe(200);
    expect(one.body.items).toMatchObject([item]);
    const list = await client.request(
      `/api/subscriptions?livemode=false&customer_id=${one.body.customer_id}`,
    );
    expect(list.body.list.find((s: { id: string }) => s.id === subscriptionId).items).toMatchObject([item]);
  });
});
