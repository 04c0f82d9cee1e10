/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, VIEWPORTS, type DemoHarness } from './harness.ts';

/**
 * The cookie banner, unanswered, on a 390×844 phone never covers an action: not the hosted checkout's
 * pay bar fixed at the bottom, not the dialogs it opens, not the last thing on a page. Clicks are
 * Playwright's real ones without `force`: they fail when another element would receive the click.
 * Each language runs on its own fresh server, so each buyer is new.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    banner: 'Cookies',
    connect: 'Connect and pay',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    pay: 'Pay 25 KDT',
    success: 'Payment successful',
    apiDocs: 'API docs',
    fields: {
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Phone: '+1 415 555 2671',
      Address: '1 Market St',
      City: 'San Francisco',
      'State or province': 'CA',
      'Postal code': '94105',
    },
  },
  zh: {
    locale: 'zh-CN',
    banner: 'Cookie',
    connect: '连接钱包并支付',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    pay: '支付 25 KDT',
    success: '支付成功',
    apiDocs: 'API 文档',
    fields: {
      姓名: 'Ada Lovelace',
      邮箱: 'ada@example.com',
      电话: '13800138000',
      地址: '1 Market St',
      城市: '北京',
      州或省: '北京市',
      邮政编码: '100000',
    },
  },
} as const;

// A failed click should fail the test quickly, not wait out the test's own time limit.
const CLICK_TIMEOUT_MS = 5_000;
const { height: SCREEN_HEIGHT } = VIEWPORTS.mobile;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box: it is not shown`);
  return box;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The action is fully on screen and clear of the banner, and the element a click there reaches. */
async function expectClearOfBanner(banner: Locator, action: Locator): Promise<void> {
  const [bannerBox, actionBox] = [await boxOf(banner), await boxOf(action)];
  expect(overlap(bannerBox, actionBox), `${action} overlaps the banner`).toBe(false);
  expect(actionBox.y).toBeGreaterThanOrEqual(0);
  expect(actionBox.y + actionBox.height).toBeLessThanOrEqual(SCREEN_HEIGHT);
  await action.click({ trial: true, timeout: CLICK_TIMEOUT_MS });
}

/** The pay bar's button at the top of the page and scrolled to its end: clear of the banner both times. */
async function expectPayBarClear(page: Page, banner: Locator, button: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectClearOfBanner(banner, button);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expectClearOfBanner(banner, button);
}

describe.each(['en', 'zh'] as const)('the unanswered cookie banner on a phone, in %s', (language) => {
  const text = TEXT[language];
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  it('never covers the hosted checkout’s pay bar nor its dialogs, from connecting to paid', async () => {
    const { context, page } = await harness.open({ viewport: 'mobile', locale: text.locale });
    await page.goto(`/checkout/pay/${harness.link('Kiosk T-shirt')}`);
    const banner = page.getByRole('region', { name: text.banner });
    await banner.waitFor();
    const connect = page.getByRole('button', { name: text.connect });
    await connect.waitFor();
    await expectPayBarClear(page, banner, connect);
    await harness.screenshot(page, `cookie-banner-checkout-mobile-${language}`);

    await connect.click({ timeout: CLICK_TIMEOUT_MS });
    const signIn = page.getByRole('dialog', { name: text.signIn });
    await signIn.getByRole('button', { name: text.testWallet }).click({ timeout: CLICK_TIMEOUT_MS });
    await signIn.waitFor({ state: 'hidden' });

    // Signed in, a new buyer gives their details; the banner still asks, and the pay button is clear.
    const form = page.getByRole('form');
    for (const [label, value] of Object.entries(text.fields)) await form.getByLabel(label).fill(value);
    const pay = page.getByRole('button', { name: text.pay });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await banner.isVisible()).toBe(true);
    await expectPayBarClear(page, banner, pay);
    await pay.click({ timeout: CLICK_TIMEOUT_MS });

    // The pay dialog is modal: above the banner, its buttons take the click.
    const payDialog = page.getByRole('dialog', { name: text.pay });
    await payDialog.getByRole('img').first().waitFor();
    await harness.screenshot(page, `cookie-banner-pay-dialog-mobile-${language}`);
    await payDialog.getByRole('button', { name: text.testWallet }).click({ timeout: CLICK_TIMEOUT_MS });
    await page.getByRole('heading', { name: text.success }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('lets the last thing on a page scroll out from under it', async () => {
    const { context, page } = await harness.open({ viewport: 'mobile', locale: text.locale });
    await page.goto('/');
    const banner = page.getByRole('region', { name: text.banner });
    await banner.waitFor();
    // The store home draws its sections once their apps (and their chunks) have loaded, which on a
    // busy machine can be after the network looks idle: scroll to the end until the page has no
    // placeholder left and its height stayed the same between two looks (one look was not enough: a
    // section drawn just after it pushed the end down again).
    const last = page.getByRole('link', { name: text.apiDocs });
    let height = -1;
    await expect
      .poll(
        async () => {
          const now = await page.evaluate(() => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            return document.documentElement.scrollHeight;
          });
          const settled = now === height && (await page.locator('.MuiSkeleton-root').count()) === 0;
          height = now;
          if (!settled) return Infinity;
          const box = await boxOf(last);
          return box.y + box.height;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBeLessThanOrEqual(SCREEN_HEIGHT);
    await expectClearOfBanner(banner, last);
    await context.close();
  });
});
