import { startDevChain, type DevChain } from '@kiosk/devchain';
import type { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn } from '@kiosk/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, VIEWPORTS, type BrowserHarness } from './harness.ts';
import { clockAtChainTime, deployCollectorWithKey, subscribeWithMandate } from './chain-buyer.ts';

/**
 * The customer portal as a subscriber sees it, on a real local chain: subscriptions are made through
 * the API as a buyer's checkout makes them (their wallet authorises the KioskCollector mandate, the
 * billing engine pulls the first period), then the buyer opens /customer in the browser, cancels and
 * resumes a paid subscription, and cancels a trial — in en on a desktop, in zh on a phone.
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals
const BUYERS = [1, 2, 3, 4];

let harness: BrowserHarness;
let chain: DevChain;
let clock: TestClock;
let merchant: Awaited<ReturnType<typeof merchantOf>>;
let methodId: string;
let kdt: string;
let priceId: string;
/** A cheaper monthly plan of the same product, to change to. */
let basicId: string;

/** `wallet`'s buyer subscribes to the monthly plan through a payment link and signs the mandate. */
const subscribe = (buyer: Awaited<ReturnType<typeof signedIn>>, wallet: TestWallet, trialDays?: number) =>
  subscribeWithMandate({ chain, merchant }, buyer, wallet, {
    priceId,
    methodId,
    currencyId: kdt,
    trialDays,
  });

/** A browser context signed in as `buyer`, the cookie banner answered. */
async function openAs(
  buyer: { cookie: string },
  options: { viewport?: keyof typeof VIEWPORTS; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await harness.open(options);
  // The page counts the trial down from its own clock: it reads the server's, as a real browser's
  // clock agrees with a real server's (the test clock stands still while the test runs).
  await context.clock.setFixedTime(clock.nowMs());
  const [name, value] = buyer.cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, url: harness.server.url },
    { name: 'CookieConsent', value: 'true', url: harness.server.url },
  ]);
  return { context, page };
}

beforeAll(async () => {
  chain = await startDevChain();
  clock = await clockAtChainTime(chain);
  const token = await chain.deployDemoToken({
    name: 'Kiosk Demo Token',
    symbol: 'KDT',
    decimals: 6,
    mintTo: BUYERS.map((index) => new TestWallet({ index }).address),
    amount: 1_000_000_000n,
  });
  const { collector, collectorKey } = await deployCollectorWithKey(chain);

  harness = await startBrowserHarness({ KIOSK_EVM_COLLECTOR_KEY: collectorKey }, { clock });
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
  const product = (
    await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Pro plan',
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
  basicId = (
    await merchant.test('/api/prices', {
      method: 'POST',
      body: {
        product_id: product.id,
        type: 'recurring',
        nickname: 'Basic',
        currency_id: kdt,
        unit_amount: (MONTHLY / 2n).toString(),
        recurring: { interval: 'month' },
      },
    })
  ).body.id;
});
afterAll(async () => {
  await harness?.close();
  await chain?.stop();
});

describe('the customer portal', { timeout: 120_000 }, () => {
  it('lists a paid and a trial subscription, cancels and resumes the paid one, and ends the trial (en, desktop)', async () => {
    const wallet = new TestWallet({ index: BUYERS[0]! });
    const buyer = await signedIn(harness.server, wallet);
    const paid = await subscribe(buyer, wallet);
    const trial = await subscribe(buyer, wallet, 7);

    const { context, page } = await openAs(buyer);
    // From the account menu's address: the buyer bought in test mode only, and is told where to look.
    await page.goto('/customer');
    await page.getByRole('heading', { level: 1, name: 'Subscriptions and invoices' }).waitFor();
    await page.getByText('You have no subscriptions yet.').waitFor();
    await page.getByText('You also have purchases made in test mode: choose Test to see them.').waitFor();
    await harness.screenshot(page, 'portal-live-empty-desktop-en');
    await page.getByRole('group', { name: 'Purchases shown' }).getByRole('button', { name: 'Test' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?livemode=false');
    await page.getByText('Test mode', { exact: true }).waitFor();
    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Pro plan' }) });
    await expect.poll(() => cards.count()).toBe(2);
    const trialCard = cards.filter({ hasText: 'Trial ends in' });
    await trialCard.getByText('Trial ends in 7 days').waitFor();
    await trialCard.getByText('1 KDT per month').waitFor();
    const paidCard = cards.filter({ hasText: 'Active' });
    await paidCard.getByText(/^Next invoice on /).waitFor();
    // The first period's invoice; the trial's zero one is left out (seed 001 §5).
    const row = page
      .getByRole('table', { name: 'Invoices' })
      .getByRole('row')
      .filter({ hasText: 'Subscription created' });
    await row.getByText('1 KDT').waitFor();
    await row.getByText('Paid').waitFor();
    expect(await page.getByRole('table', { name: 'Invoices' }).getByRole('row').count()).toBe(2); // header + 1
    await harness.screenshot(page, 'portal-desktop-en');

    await paidCard.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/customer/subscription/${paid.id}`);
    await page.getByRole('heading', { level: 1, name: 'Pro plan' }).waitFor();
    // By keyboard: the dialog opens on Enter and is named by its title.
    await page.getByRole('button', { name: 'Cancel subscription' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByText(/^It stays active until .*, the end of the period you paid for/).waitFor();
    await dialog.getByRole('radio', { name: 'It costs too much' }).check();
    await dialog.getByRole('textbox', { name: /Anything else/ }).fill('Cheaper elsewhere');
    await harness.screenshot(page, 'portal-cancel-dialog-desktop-en');
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await page.getByText(/^Your subscription stays active until .*, then ends$/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await paid.subscription()).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancelation_details: {
        feedback: 'too_expensive',
        comment: 'Cheaper elsewhere',
        requested_by: 'customer',
      },
    });
    await page
      .getByTestId('subscription-schedule')
      .getByText(/^Cancels on /)
      .waitFor();

    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByText('Subscription resumed successfully').waitFor();
    expect(await paid.subscription()).toMatchObject({ status: 'active', cancel_at_period_end: false });
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await harness.screenshot(page, 'portal-subscription-desktop-en');

    await page.goto(`/customer/subscription/${trial.id}?livemode=false`);
    await page.getByText('Trial ends in 7 days').waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialog.getByText('Your free trial ends now. Nothing will be charged.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await page.getByText('Your subscription has been canceled').waitFor();
    await page.getByText('Canceled', { exact: true }).first().waitFor();
    expect((await trial.subscription()).status).toBe('canceled');
    await context.close();
  });

  it('changes a paid subscription to a cheaper plan: the unused time is credited to the next invoice (en, desktop)', async () => {
    const wallet = new TestWallet({ index: BUYERS[2]! });
    const buyer = await signedIn(harness.server, wallet);
    const paid = await subscribe(buyer, wallet);

    const { context, page } = await openAs(buyer);
    await page.goto(`/customer/subscription/${paid.id}?livemode=false`);
    await page.getByRole('heading', { level: 1, name: 'Pro plan' }).waitFor();
    await page.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your plan' });
    // The period has just begun (the test clock stands still): all of 1 KDT's month back, 0.5 KDT charged.
    const basic = dialog.getByRole('radio', { name: /Basic/ });
    await dialog.getByText('0.5 KDT credit on your next invoice').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Pro plan', exact: true }).isDisabled()).toBe(true);
    await harness.screenshot(page, 'portal-change-plan-desktop-en');
    await basic.check();
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByText('Your plan changed. 0.5 KDT credit goes on your next invoice.').waitFor();
    const changed = await paid.subscription();
    expect(changed.items.map((item: { price_id: string }) => item.price_id)).toEqual([basicId]);
    await context.close();
  });

  it('changes a trial’s plan for nothing on a phone in zh', async () => {
    const wallet = new TestWallet({ index: BUYERS[3]! });
    const buyer = await signedIn(harness.server, wallet);
    const trial = await subscribe(buyer, wallet, 7);

    const { context, page } = await openAs(buyer, { viewport: 'mobile', locale: 'zh-CN' });
    await page.goto(`/customer/subscription/${trial.id}?livemode=false`);
    await page.getByText('试用期将在 7 天后结束').waitFor();
    await page.getByRole('button', { name: '更改套餐' }).click();
    const dialog = page.getByRole('dialog', { name: '更改您的套餐' });
    await dialog.getByText('试用期内不收费').first().waitFor();
    await harness.screenshot(page, 'portal-change-plan-mobile-zh');
    await dialog.getByRole('radio', { name: /Basic/ }).check();
    await dialog.getByRole('button', { name: '确认更改' }).click();
    await page.getByText('您的套餐已更改').first().waitFor();
    const changed = await trial.subscription();
    expect(changed).toMatchObject({ status: 'trialing', pending_update: null });
    expect(changed.items.map((item: { price_id: string }) => item.price_id)).toEqual([basicId]);
    await context.close();
  });

  it('shows the portal as a list on a phone in zh, and cancels a trial there', async () => {
    const wallet = new TestWallet({ index: BUYERS[1]! });
    const buyer = await signedIn(harness.server, wallet);
    await subscribe(buyer, wallet);
    const trial = await subscribe(buyer, wallet, 7);

    const { context, page } = await openAs(buyer, { viewport: 'mobile', locale: 'zh-CN' });
    await page.goto('/customer?livemode=false');
    await page.getByRole('heading', { level: 1, name: '订阅与账单' }).waitFor();
    await page.getByText('试用期将在 7 天后结束').waitFor();
    await page.getByText('每月 1 KDT').first().waitFor();
    // At 390 px the invoice table is a list of cards.
    const invoices = page.getByRole('list', { name: '账单' });
    await invoices.getByText('创建订阅').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await harness.screenshot(page, 'portal-mobile-zh');

    await page.goto(`/customer/subscription/${trial.id}?livemode=false`);
    await page.getByText('试用期将在 7 天后结束').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'portal-subscription-mobile-zh');
    await page.getByRole('button', { name: '取消订阅' }).click();
    const dialog = page.getByRole('dialog', { name: '确定取消订阅吗？' });
    await dialog.getByText('您的免费试用将立即结束，不会产生任何费用。').waitFor();
    await dialog.getByRole('radio', { name: '用得不多' }).check();
    await harness.screenshot(page, 'portal-cancel-dialog-mobile-zh');
    await dialog.getByRole('button', { name: '确认取消' }).click();
    await page.getByText('您的订阅已取消').waitFor();
    expect((await trial.subscription()).cancelation_details).toMatchObject({ feedback: 'unused' });
    await context.close();
  });
});
