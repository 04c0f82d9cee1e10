import { startDevChain, type DevChain } from '@kiosk/devchain';
import type { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn } from '@kiosk/testkit';
import { createTestClient, erc20Abi, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, VIEWPORTS, type BrowserHarness, until } from './harness.ts';
import {
  clockAtChainTime,
  deployCollectorWithKey,
  openWithWallet,
  subscribeWithMandate,
  walletClientOf,
} from './chain-buyer.ts';

/**
 * Past-due blocking and paying it (issue 11 items 6 and 7), on a real local chain: a buyer subscribes
 * through the API as a checkout does, lowers their allowance so the next cycle's pulls fail through
 * their retries (the test clock and the chain's moved together), and the subscription is past due.
 * Then, in the browser, with a wallet injected into the page: a new purchase opens the past-due
 * dialog, paying it lets the purchase through (en, desktop); and the portal's banner leads to the
 * past-due page, which pays and returns (zh, phone).
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals
const DAY = 86_400;
const BUYERS = [3, 4];

let harness: BrowserHarness;
let chain: DevChain;
let clock: TestClock;
let merchant: Awaited<ReturnType<typeof merchantOf>>;
let token: Address;
let collector: Address;
let methodId: string;
let kdt: string;
let monthlyPriceId: string;
let posterPriceId: string;

/** Moves the server's clock and the chain's to `unix` together (the contract reads the chain's). */
async function travelTo(unix: number) {
  const step = unix - clock.nowUnix();
  if (step > 0) clock.advance({ seconds: step });
  const test = createTestClient({
    mode: 'hardhat',
    chain: chain.publicClient.chain,
    transport: http(chain.rpcUrl),
  });
  const latest = Number((await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp);
  if (unix > latest) await test.setNextBlockTimestamp({ timestamp: BigInt(unix) });
  await test.mine({ blocks: 1 });
}

/**
 * `wallet`'s buyer subscribes monthly (the first period is pulled at once), then allows the collector
 * less than a cycle: the next cycle fails, is retried after 1, 3 and 5 days, and the subscription
 * ends past due with one overdue invoice of 1 KDT.
 */
async function pastDueSubscriber(wallet: TestWallet) {
  const buyer = await signedIn(harness.server, wallet);
  const { id, subscription } = await subscribeWithMandate({ chain, merchant }, buyer, wallet, {
    priceId: monthlyPriceId,
    methodId,
    currencyId: kdt,
  });
  const signer = walletClientOf(chain, wallet);
  const lowered = await signer.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [collector, MONTHLY - 1n],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash: lowered });
  const due = (await subscription()).current_period_end as number;
  await travelTo(due);
  const invoices = async () =>
    (await merchant.test(`/api/invoices?subscription_id=${id}&pageSize=100`)).body.list as {
      period_start: number;
      attempt_count: number;
      status: string;
    }[];
  const cycle = (list: Awaited<ReturnType<typeof invoices>>) => list.find((i) => i.period_start === due);
  await until(invoices, (list) => (cycle(list)?.attempt_count ?? 0) === 1);
  for (const [attempt, days] of [
    [2, 1],
    [3, 3],
    [4, 5],
  ] as const) {
    await travelTo(clock.nowUnix() + days * DAY);
    await until(invoices, (list) => (cycle(list)?.attempt_count ?? 0) === attempt);
  }
  expect(await until(subscription, (s) => s.status === 'past_due')).toMatchObject({ status: 'past_due' });
  return { buyer, id, subscription };
}

beforeAll(async () => {
  chain = await startDevChain();
  clock = await clockAtChainTime(chain);
  token = await chain.deployDemoToken({
    name: 'Kiosk Demo Token',
    symbol: 'KDT',
    decimals: 6,
    mintTo: BUYERS.map((index) => new TestWallet({ index }).address),
    amount: 1_000_000_000n,
  });
  // The buyers pay gas for their own transfers.
  const { collector: deployed, collectorKey } = await deployCollectorWithKey(
    chain,
    BUYERS.map((index) => new TestWallet({ index }).address),
  );
  collector = deployed;

  harness = await startBrowserHarness(
    { KIOSK_EVM_COLLECTOR_KEY: collectorKey, KIOSK_TEST_WALLET: 'true' },
    { clock },
  );
  merchant = await merchantOf(harness.server);
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
          collector_contract: collector,
        },
        currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
      },
    })
  ).body;
  methodId = method.id;
  kdt = method.payment_currencies[0].id;
  const productOf = async (name: string, price: Record<string, unknown>) =>
    (await merchant.test('/api/products', { method: 'POST', body: { name, prices: [price] } })).body.prices[0]
      .id as string;
  monthlyPriceId = await productOf('Pro plan', {
    type: 'recurring',
    currency_id: kdt,
    unit_amount: MONTHLY.toString(),
    recurring: { interval: 'month' },
  });
  posterPriceId = await productOf('Poster', { type: 'one_time', currency_id: kdt, unit_amount: '5000000' });
});
afterAll(async () => {
  await harness?.close();
  await chain?.stop();
});

describe('past-due invoices', { timeout: 180_000 }, () => {
  it('a past-due customer’s new purchase opens the past-due dialog; paying it lets the purchase through (en, desktop)', async () => {
    const wallet = new TestWallet({ index: BUYERS[0]! });
    const { id, subscription } = await pastDueSubscriber(wallet);
    const link = (
      await merchant.test('/api/payment-links', {
        method: 'POST',
        body: { line_items: [{ price_id: posterPriceId }] },
      })
    ).body;

    const { context, page } = await openWithWallet(
      harness,
      chain,
      clock,
      await signedIn(harness.server, wallet),
      wallet,
    );
    await page.goto(`/checkout/pay/${link.id}`);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Ada Lovelace');
    await page.getByRole('button', { name: 'Pay 5 KDT' }).click();

    // Seed 000 §8: no toast, the dialog; focus is inside it.
    const dialog = page.getByRole('dialog', { name: 'Pay your overdue invoices' });
    const row = dialog.getByRole('listitem').filter({ hasText: '1 KDT' });
    await row.getByRole('status').getByText('1 KDT overdue').waitFor();
    expect(
      await page
        .getByText('You have overdue invoices: pay them to make new purchases', { exact: true })
        .count(),
    ).toBe(0);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await row.getByRole('link', { name: /^Invoice / }).waitFor();
    await harness.screenshot(page, 'past-due-dialog-desktop-en');
    // On a 390×844 phone the dialog takes the screen, its pay button in reach, nothing wider than it.
    await page.setViewportSize(VIEWPORTS.mobile);
    const box = (await row.getByRole('button', { name: 'Pay 1 KDT' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.mobile.height);
    expect(await dialog.evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'past-due-dialog-mobile-en');
    await page.setViewportSize(VIEWPORTS.desktop);

    await row.getByRole('button', { name: 'Pay 1 KDT' }).click();
    await page
      .getByRole('dialog', { name: 'Pay 1 KDT' })
      .getByRole('button', { name: 'Pay with Browser wallet' })
      .click();
    await row.getByRole('status').getByText('1 KDT: Paid').waitFor({ timeout: 30_000 });
    await harness.screenshot(page, 'past-due-dialog-paid-desktop-en');
    // The dialog goes and the purchase is sent again: its own pay dialog opens.
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('dialog', { name: 'Pay 5 KDT' })
      .getByRole('button', { name: 'Pay with Browser wallet' })
      .click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });

    expect((await subscription()).status).toBe('active');
    const overdue = await merchant.test(`/api/subscriptions/${id}/overdue/invoices`);
    expect(overdue.body.invoices).toEqual([]);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    expect((await merchant.test(`/api/checkout-sessions/${sessionId}`)).body).toMatchObject({
      payment_status: 'paid',
    });
    await context.close();
  });

  it('the portal’s banner leads to the past-due page, which pays and goes back (zh, phone)', async () => {
    const wallet = new TestWallet({ index: BUYERS[1]! });
    const { subscription } = await pastDueSubscriber(wallet);

    const { context, page } = await openWithWallet(
      harness,
      chain,
      clock,
      await signedIn(harness.server, wallet),
      wallet,
      {
        viewport: 'mobile',
        locale: 'zh-CN',
      },
    );
    await page.goto('/customer?livemode=false');
    const banner = page.getByTestId('past-due-banner');
    await banner.getByText('您有逾期未付的账单。付清之前无法进行新的购买。').waitFor();
    await harness.screenshot(page, 'past-due-banner-mobile-zh');
    await banner.getByRole('link', { name: '立即支付' }).click();

    await page.getByRole('heading', { level: 1, name: '逾期账单' }).waitFor();
    expect(new URL(page.url()).searchParams.get('referer')).toBe('/customer?livemode=false');
    const row = page.getByRole('listitem').filter({ hasText: '逾期 1 KDT' });
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'past-due-page-mobile-zh');
    // Paid from another wallet through the collect-batch connect session: here the server's test wallet.
    await row.getByRole('button', { name: '支付 1 KDT' }).click();
    await page.getByRole('dialog', { name: '支付 1 KDT' }).getByRole('button', { name: '测试钱包' }).click();
    await page.getByText('1 KDT：已支付').waitFor({ timeout: 30_000 });

    // Everything paid: back to the portal, where no banner is left.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/customer');
    await page.getByRole('heading', { level: 1, name: '订阅与账单' }).waitFor();
    expect(await page.getByTestId('past-due-banner').count()).toBe(0);
    expect((await subscription()).status).toBe('active');
    await context.close();
  });
});
