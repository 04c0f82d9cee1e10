import { TestWallet } from '@kiosk/test-wallet';
import { signedIn } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness, until } from './harness.ts';

/**
 * A setup checkout in the browser, on the demo store: a new customer subscribes to the Kiosk Pro plan
 * (10 KDT a month, a 7-day trial) through the API as the hosted checkout does, their mandate sent by
 * the demo's test wallet; the merchant makes a setup session for that subscription, and the customer,
 * signed in, opens its hosted page, reads what they authorise, authorises it again with the Test
 * wallet and is told the payment method is saved. Nothing is charged: no invoice is made, only the
 * subscription's mandate changes. One server for the file, one customer (development account) per run.
 */

/**
 * What the page calls the subscription: its description, which the demo plan's link gives every
 * subscription it makes (subscription_data.description), before its product's name.
 */
const PLAN = 'Everything in Kiosk, billed monthly';

const TEXT = {
  en: {
    locale: 'en-US',
    language: 'en',
    title: 'Set up payment',
    nextPayment: 'Next payment on {date}',
    interval: 'per month',
    notChargedNow: 'You will not be charged now.',
    orderSummary: 'Order summary',
    quantity: 'Qty',
    submit: 'Authorise future payments',
    authorise: 'Authorise your subscription',
    terms: '10 KDT per month from the next payment; nothing is charged now',
    limit: 'You allow at most 10 KDT per month for up to 12 payments, to 0x',
    testWallet: 'Test wallet',
    saved: 'Payment method saved',
    savedMessage: `Future invoices of “${PLAN}” are paid with it.`,
    viewSubscription: 'View subscription',
  },
  zh: {
    locale: 'zh-CN',
    language: 'zh',
    title: '设置付款方式',
    nextPayment: '下次付款日期：{date}',
    interval: '每月',
    notChargedNow: '现在不会扣款。',
    orderSummary: '订单摘要',
    quantity: '数量',
    submit: '授权后续付款',
    authorise: '授权订阅扣款',
    terms: '每月 10 KDT，自下次付款起收取，现在不会扣款',
    limit: '您授权每月最多支付 10 KDT，最多 12 期，收款方 0x',
    testWallet: '测试钱包',
    saved: '付款方式已保存',
    savedMessage: `“${PLAN}”今后的账单将使用它支付。`,
    viewSubscription: '查看订阅',
  },
} as const;

/** The day as the page writes it (its formatDay): "December 4, 2026", "2026年12月4日". */
const day = (unixSeconds: number, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(unixSeconds * 1000);

let harness: DemoHarness;
beforeAll(async () => {
  harness = await startDemoHarness();
});
afterAll(() => harness?.close());

/**
 * `wallet`'s customer subscribes to the demo plan as the hosted checkout does: start the link, submit
 * the form, and have the demo's test wallet answer the subscription's connect session (it sends the
 * mandate's calls on the local chain and the server reads them there). Answers the signed-in client
 * and the subscription's id.
 */
async function subscribe(wallet: TestWallet) {
  const buyer = await signedIn(harness.server, wallet);
  const started = await buyer.request(`/api/checkout-sessions/start/${harness.link('Kiosk Pro')}`, {
    method: 'POST',
  });
  expect(started.status).toBe(200);
  const { id: sessionId, currency_id: currency } = started.body.checkoutSession;
  const method = (started.body.paymentMethods as { id: string; payment_currencies: { id: string }[] }[]).find(
    (candidate) => candidate.payment_currencies.some((c) => c.id === currency),
  )!;
  const submitted = await buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
    method: 'PUT',
    body: {
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      payment_method: method.id,
      payment_currency: currency,
    },
  });
  expect(submitted.status).toBe(200);
  const opened = await buyer.request('/api/did/subscription/token', {
    method: 'POST',
    body: { params: { checkoutSessionId: sessionId, sessionUserDid: wallet.did } },
  });
  expect(opened.status).toBe(200);
  const approved = await buyer.request('/api/test-wallet/connect', {
    method: 'POST',
    body: { token: opened.body.token },
  });
  expect(approved.status).toBe(200);
  const id = submitted.body.checkoutSession.subscription_id as string;
  await until(
    () => harness.merchant(`/api/subscriptions/${id}`).then((answer) => answer.body),
    (subscription) => subscription.status === 'trialing',
  );
  return { buyer, id };
}

describe.each([
  ['en', 'desktop', 1],
  ['zh', 'mobile', 2],
] as const)('a setup checkout, in %s on %s', (language, viewport, account) => {
  const text = TEXT[language];

  it('shows the subscription, authorises its future payments with the Test wallet and charges nothing', async () => {
    const wallet = new TestWallet({ index: account });
    const { buyer, id } = await subscribe(wallet);
    const subscription = async () => (await harness.merchant(`/api/subscriptions/${id}`)).body;
    const invoices = async () =>
      (await harness.merchant(`/api/invoices?subscription_id=${id}&pageSize=100`)).body.list as unknown[];
    const before = await subscription();
    expect(before.description).toBe(PLAN);
    const billed = (await invoices()).length;
    expect(billed).toBeGreaterThan(0);

    const created = await harness.merchant('/api/checkout-sessions', {
      method: 'POST',
      body: { mode: 'setup', setup_intent_data: { metadata: { subscription_id: id } } },
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.id as string;
    const url = new URL(created.body.url as string);
    expect(url.pathname).toBe(`/checkout/pay/${sessionId}`);

    // The customer is signed in and answered the cookie banner before.
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    const [name, value] = buyer.cookie.split('=') as [string, string];
    await context.addCookies([
      { name, value, url: harness.server.url },
      { name: 'CookieConsent', value: 'true', url: harness.server.url },
    ]);
    await page.goto(`${url.pathname}${url.search}`);

    // The subscription instead of an order: its name, a cycle's price, the next payment, nothing now.
    const summary = page.getByRole('region', { name: text.title });
    await summary.waitFor();
    await summary.getByText(PLAN, { exact: true }).waitFor();
    await summary.getByText('10 KDT', { exact: true }).waitFor();
    await summary.getByText(text.interval, { exact: true }).waitFor();
    await summary
      .getByText(text.nextPayment.replace('{date}', day(before.current_period_end, text.language)), {
        exact: true,
      })
      .waitFor();
    await summary.getByText(text.notChargedNow, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(PLAN);
    // No order lines, quantities or total to change.
    expect(await page.getByRole('region', { name: text.orderSummary }).count()).toBe(0);
    expect(await page.getByRole('listitem').count()).toBe(0);
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    expect(await page.getByText(text.quantity).count()).toBe(0);
    await harness.screenshot(page, `setup-summary-${viewport}-${language}`);

    // The details the first checkout saved fill the form; it asks for nothing more.
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    const authorise = page.getByRole('dialog', { name: text.authorise });
    const terms = authorise.getByTestId('mandate-terms');
    await terms.waitFor();
    expect(await terms.textContent()).toContain(text.terms);
    // The same wording as the subscription checkout's, counted from this mandate alone.
    expect(await terms.textContent()).toContain(text.limit);
    await authorise.getByRole('button', { name: text.testWallet }).click();

    await page.getByRole('heading', { name: text.saved }).waitFor({ timeout: 30_000 });
    await page.getByText(text.savedMessage, { exact: true }).waitFor();
    const link = page.getByRole('link', { name: text.viewSubscription });
    expect(new URL((await link.getAttribute('href'))!).pathname).toBe(`/customer/subscription/${id}`);
    await harness.screenshot(page, `setup-success-${viewport}-${language}`);

    // The server agrees: the session is complete with nothing to pay, the subscription has a new
    // mandate for its future invoices, and no invoice was made.
    expect((await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
    });
    const after = await subscription();
    expect(after).toMatchObject({ status: 'trialing', current_period_end: before.current_period_end });
    expect(before.payment_details.evm.id).toEqual(expect.any(String));
    expect(after.payment_details.evm.id).toEqual(expect.any(String));
    expect(after.payment_details.evm.id).not.toBe(before.payment_details.evm.id);
    expect(await invoices()).toHaveLength(billed);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
