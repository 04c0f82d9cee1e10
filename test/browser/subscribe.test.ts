/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * Subscribing through the hosted checkout as a new customer, on the demo store: the Kiosk Pro plan
 * (10 KDT a month, a 7-day trial), the local chain with the demo's collector contract and key, and the
 * built-in test wallet, which sends the mandate's calls on the chain when the page asks it to. Each
 * language runs on its own fresh server, so each customer is new.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    connect: 'Connect and subscribe',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    name: 'Name',
    email: 'Email',
    subscribe: 'Subscribe',
    acceptCookies: 'Accept',
    authorise: 'Authorise your subscription',
    offer: 'Free for 7 days, then 10 KDT per month',
    limit: 'You allow at most 10 KDT per month for up to 12 payments, to 0x',
    orderSummary: 'Order summary',
    trial: '7 days free',
    dueToday: 'Total due today',
    then: (date: string) => `Then 10 KDT per month starting ${date}`,
    payArea: (date: string) => `Due today 0 KDT, then 10 KDT per month starting ${date}, until you cancel.`,
    started: 'Subscription started',
    trialEnds: 'Your free trial ends on ',
    viewSubscription: 'View subscription',
  },
  zh: {
    locale: 'zh-CN',
    connect: '连接钱包并订阅',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    name: '姓名',
    email: '邮箱',
    subscribe: '订阅',
    acceptCookies: '接受',
    authorise: '授权订阅扣款',
    offer: '免费试用 7 天，之后每月 10 KDT',
    limit: '您授权每月最多支付 10 KDT，最多 12 期，收款方 0x',
    orderSummary: '订单摘要',
    trial: '免费试用 7 天',
    dueToday: '今日应付合计',
    then: (date: string) => `之后自 ${date} 起每月 10 KDT`,
    payArea: (date: string) => `今日应付 0 KDT，之后自 ${date} 起每月 10 KDT，直至您取消。`,
    started: '订阅已开通',
    trialEnds: '您的免费试用将于 ',
    viewSubscription: '查看订阅',
  },
} as const;

const DAY = 86_400;

/**
 * Before and after signing in, the page says what the trial asks today and from when (issue 21 item
 * 1): the summary's free days, total due today and what follows, and the same beside the button.
 */
async function expectTrialTerms(page: Page, text: (typeof TEXT)[keyof typeof TEXT]) {
  // The first charge: seven days on, in the page's own language and time zone.
  const date = await page.evaluate(
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(Date.now() + 7 * 86_400_000),
    text.locale,
  );
  const summary = page.getByRole('region', { name: text.orderSummary });
  expect(await summary.getByTestId('checkout-trial').textContent()).toBe(text.trial);
  await summary.getByText(text.dueToday, { exact: true }).waitFor();
  expect(await page.getByTestId('checkout-total').textContent()).toBe('0 KDT');
  expect(await summary.getByTestId('checkout-then').textContent()).toBe(text.then(date));
  expect(await page.getByTestId('checkout-due-today').textContent()).toBe(text.payArea(date));
}

describe.each([
  ['en', 'desktop'],
  ['zh', 'mobile'],
  ['en', 'mobile'],
  ['zh', 'desktop'],
] as const)('subscribing in the hosted checkout, in %s on %s', (language, viewport) => {
  const text = TEXT[language];
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  it('connects, fills the form, authorises the mandate with the Test wallet and sees the trial begin', async () => {
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    await page.goto(`/checkout/pay/${harness.link('Kiosk Pro')}`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/pay\/cs_/);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    // On a phone the banner sits over the submit button; a customer answers it first.
    await page.getByRole('button', { name: text.acceptCookies }).click();
    await expectTrialTerms(page, text);
    await harness.screenshot(page, `subscribe-trial-${viewport}-${language}`);

    await page.getByRole('button', { name: text.connect }).click();
    const signIn = page.getByRole('dialog', { name: text.signIn });
    await signIn.getByRole('button', { name: text.testWallet }).click();
    await signIn.waitFor({ state: 'hidden' });
    await expectTrialTerms(page, text);

    const form = page.getByRole('form');
    await form.getByLabel(text.name).fill('Ada Lovelace');
    await form.getByLabel(text.email).fill('ada@example.com');
    await page.getByRole('button', { name: text.subscribe, exact: true }).click();

    // Before the wallet signs, the customer reads what they allow: the trial, the price and the limit.
    const authorise = page.getByRole('dialog', { name: text.authorise });
    const terms = authorise.getByTestId('mandate-terms');
    await terms.waitFor();
    expect(await terms.textContent()).toContain(text.offer);
    expect(await terms.textContent()).toContain(text.limit);
    await authorise.getByRole('img').first().waitFor(); // the QR code for a phone wallet
    await harness.screenshot(page, `subscribe-authorise-${viewport}-${language}`);

    await authorise.getByRole('button', { name: text.testWallet }).click();
    await page.getByRole('heading', { name: text.started }).waitFor({ timeout: 30_000 });
    // The link's own message, and when the trial ends (nothing is charged before).
    await page.getByText('Welcome to Kiosk Pro: your trial has begun').waitFor();
    await page.getByTestId('checkout-trial-ends').waitFor();
    expect(await page.getByTestId('checkout-trial-ends').textContent()).toContain(text.trialEnds);
    await harness.screenshot(page, `subscribe-success-${viewport}-${language}`);

    // The server agrees: the session needs no payment now and the subscription is trialing for 7 days,
    // under a mandate the customer's wallet put on the chain.
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const subscription = (await harness.merchant(`/api/subscriptions/${session.subscription_id}`)).body;
    expect(subscription).toMatchObject({ status: 'trialing' });
    expect(subscription.trial_end - subscription.trial_start).toBe(7 * DAY);

    const link = page.getByRole('link', { name: text.viewSubscription });
    expect(new URL((await link.getAttribute('href'))!).pathname).toBe(
      `/customer/subscription/${session.subscription_id}`,
    );
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
