import type { DevChain } from '@kiosk/devchain';
import { deployCollector } from '@kiosk/payments';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import type { merchantOf, signedIn } from '@kiosk/testkit';
import type { Page } from 'playwright-core';
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { until, type BrowserHarness, type VIEWPORTS } from './harness.ts';

/** A buyer on a local chain, for the browser tests: their wallet, in the page and outside it. */

/** `wallet` as a viem wallet client on `chain`: it signs and sends its own transactions. */
export const walletClientOf = (chain: DevChain, wallet: TestWallet) =>
  createWalletClient({
    account: wallet.account,
    chain: chain.publicClient.chain,
    transport: http(chain.rpcUrl),
  });

/**
 * Injects a minimal EIP-1193 wallet for `account` into `page`: what a browser extension does, without
 * its confirmation pop-ups. Like an extension it talks to the node outside the page (the page's policy
 * lets it reach only Kiosk); `send` signs and sends a transaction (by default the node does, for one of
 * its unlocked development accounts).
 */
export async function injectWallet(
  page: Page,
  rpcUrl: string,
  account: Address,
  send?: (transaction: { to: Address; data?: Hex; value?: bigint }) => Promise<Hex>,
): Promise<void> {
  let id = 0;
  await page.exposeFunction('testWalletRpc', async (method: string, params: unknown[] = []) => {
    if (send && method === 'eth_sendTransaction') {
      const { to, data, value } = params[0] as { to: Address; data?: Hex; value?: Hex };
      return { result: await send({ to, data, value: value ? BigInt(value) : undefined }) };
    }
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return response.json();
  });
  await page.addInitScript(
    ({ account }) => {
      const node = (window as unknown as { testWalletRpc: (m: string, p?: unknown[]) => Promise<any> })
        .testWalletRpc;
      const request = async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account];
        if (method === 'wallet_switchEthereumChain') return null;
        const answer = await node(method, params);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      };
      (window as unknown as { ethereum: unknown }).ethereum = { request };
    },
    { account },
  );
}

/**
 * A browser context signed in as `buyer` (the cookie banner answered) with `wallet` injected into the
 * page. The page's clock is the server's test clock, which a real browser's agrees with.
 */
export async function openWithWallet(
  harness: BrowserHarness,
  chain: DevChain,
  clock: TestClock,
  buyer: { cookie: string },
  wallet: TestWallet,
  options: { viewport?: keyof typeof VIEWPORTS; locale?: string } = {},
) {
  const opened = await harness.open(options);
  const { context, page } = opened;
  await context.clock.setFixedTime(clock.nowMs());
  const [name, value] = buyer.cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, url: harness.server.url },
    { name: 'CookieConsent', value: 'true', url: harness.server.url },
  ]);
  await injectWallet(page, chain.rpcUrl, wallet.address, (transaction) =>
    walletClientOf(chain, wallet).sendTransaction(transaction),
  );
  return opened;
}

/**
 * `buyer` subscribes to `priceId` through a payment link as a checkout does: submits, signs the
 * mandate's calls on the chain from `wallet` and confirms; without a trial the first period is pulled
 * at once. Answers the subscription's id and how to read it as the merchant sees it, once it runs.
 */
export async function subscribeWithMandate(
  {
    chain,
    merchant,
  }: {
    chain: DevChain;
    merchant: Awaited<ReturnType<typeof merchantOf>>;
  },
  buyer: Awaited<ReturnType<typeof signedIn>>,
  wallet: TestWallet,
  order: { priceId: string; methodId: string; currencyId: string; trialDays?: number },
): Promise<{ id: string; subscription: () => Promise<any> }> {
  const link = (
    await merchant.test('/api/payment-links', {
      method: 'POST',
      body: {
        line_items: [{ price_id: order.priceId }],
        subscription_data: order.trialDays ? { trial_period_days: order.trialDays } : {},
      },
    })
  ).body;
  const sessionId = (await buyer.request(`/api/checkout-sessions/start/${link.id}`, { method: 'POST' })).body
    .checkoutSession.id as string;
  const submitted = await buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
    method: 'PUT',
    body: {
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      payment_method: order.methodId,
      payment_currency: order.currencyId,
    },
  });
  expect(submitted.status).toBe(200);
  const signer = walletClientOf(chain, wallet);
  for (const call of submitted.body.mandateInstructions.calls as { to: Address; data: Hex }[]) {
    const hash = await signer.sendTransaction(call);
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  }
  expect(
    (await buyer.request(`/api/checkout-sessions/${sessionId}/mandate`, { method: 'POST' })).status,
  ).toBe(202);
  const id = submitted.body.checkoutSession.subscription_id as string;
  const subscription = () => merchant.test(`/api/subscriptions/${id}`).then((answer) => answer.body);
  await until(subscription, (s) => s.status === (order.trialDays ? 'trialing' : 'active'));
  return { id, subscription };
}

/** The server's test clock, started at the chain's time: the collector counts its cycles by block time. */
export async function clockAtChainTime(chain: DevChain): Promise<TestClock> {
  const latest = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp);
  return new TestClock((latest + 10) * 1000);
}

/**
 * The project's collector contract on `chain`, and the key of a new account the server pulls with
 * (funded for gas, as are `fund`, buyers who send their own transactions).
 */
export async function deployCollectorWithKey(
  chain: DevChain,
  fund: Address[] = [],
): Promise<{ collector: Address; collectorKey: Hex }> {
  const deployer = walletClientOf(chain, new TestWallet({ index: 0 }));
  const collector = await deployCollector(deployer, chain.publicClient);
  const collectorKey = generatePrivateKey();
  for (const to of [privateKeyToAccount(collectorKey).address, ...fund])
    await chain.publicClient.waitForTransactionReceipt({
      hash: await deployer.sendTransaction({ to, value: 10n ** 18n }),
    });
  return { collector, collectorKey };
}
