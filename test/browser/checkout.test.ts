/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectWallet } from './chain-buyer.ts';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * The hosted checkout as a new buyer sees it, on the demo store: a local chain, the demo token and the
 * built-in test wallet. Each language runs on its own fresh server, so each buyer is new.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    connect: 'Connect and pay',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    required: 'Required',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    line1: 'Address',
    city: 'City',
    state: 'State or province',
    postalCode: 'Postal code',
    badEmail: 'Please enter a valid email address',
    badPhone: 'Please enter a valid phone number',
    badPostalCode: 'Please enter a valid postal code',
    pay: 'Pay 25 KDT',
    acceptCookies: 'Accept',
    paying: 'Confirming your payment…',
    success: 'Payment successful',
    viewInvoice: 'View invoice',
    invoice: 'Invoice',
    paid: 'Paid',
    address: { phone: '+1 415 555 2671', state: 'CA', city: 'San Francisco', postalCode: '94105' },
  },
  zh: {
    locale: 'zh-CN',
    connect: '连接钱包并支付',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    required: '必填',
    name: '姓名',
    email: '邮箱',
    phone: '电话',
    line1: '地址',
    city: '城市',
    state: '州或省',
    postalCode: '邮政编码',
    badEmail: '请输入有效的邮箱地址',
    badPhone: '请输入有效的电话号码',
    badPostalCode: '请输入有效的邮政编码',
    pay: '支付 25 KDT',
    acceptCookies: '接受',
    paying: '正在确认您的付款…',
    success: '支付成功',
    viewInvoice: '查看账单',
    invoice: '账单',
    paid: '已支付',
    address: { phone: '13800138000', state: '北京市', city: '北京', postalCode: '100000' },
  },
} as const;

/** Notes, in order, each of the page's states that ever shows; the paying one may last a blink. */
async function watchStates(page: Page, states: Record<string, string>): Promise<() => Promise<string[]>> {
  await page.evaluate((selectors) => {
    const seen: string[] = [];
    (window as unknown as { seenStates: string[] }).seenStates = seen;
    const look = () => {
      for (const [name, selector] of Object.entries(selectors))
        if (!seen.includes(name) && document.querySelector(selector)) seen.push(name);
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  }, states);
  return () => page.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates);
}

/** The realtime messages the page received, as parsed JSON. */
function recordRealtime(page: Page): { type?: string; topic?: string }[] {
  const messages: { type?: string; topic?: string }[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        messages.push(JSON.parse(String(payload)));
      } catch {
        // not JSON: a ping
      }
    }),
  );
  return messages;
}

describe.each(['en', 'zh'] as const)('hosted checkout for a new buyer, in %s', (language) => {
  const text = TEXT[language];
  const viewport = language === 'en' ? 'desktop' : 'mobile';
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  it('connects, corrects a bad email, phone and postal code, pays KDT on the local chain and sees it paid', async () => {
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    const realtime = recordRealtime(page);
    await page.goto(`/checkout/pay/${harness.link('Kiosk T-shirt')}`);
    // A payment link becomes the session's own address: after the page loads and starts the session,
    // 0.6–1.2 s on a quiet machine here, so more than expect.poll's default second.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/checkout\/pay\/cs_/);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await harness.screenshot(page, `checkout-anonymous-${viewport}-${language}`);
    // On a phone the banner sits over the pay button; a buyer answers it first.
    await page.getByRole('button', { name: text.acceptCookies }).click();

    await page.getByRole('button', { name: text.connect }).click();
    const signIn = page.getByRole('dialog', { name: text.signIn });
    await signIn.getByRole('button', { name: text.testWallet }).click();
    await signIn.waitFor({ state: 'hidden' });

    // Signed in, a new buyer has no details yet: the empty form waits for them, nothing marked wrong
    // before they act (the details would have been sent by now, had there been any).
    const form = page.getByRole('form');
    const payButton = page.getByRole('button', { name: text.pay });
    await form.getByLabel(text.name).waitFor();
    await payButton.waitFor();
    await page.waitForTimeout(1_000);
    expect(await form.getByText(text.required).count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    await harness.screenshot(page, `checkout-new-buyer-${viewport}-${language}`);
    // Pay on the empty form names every missing detail: name, email, phone and four of the address.
    await payButton.click();
    await expect.poll(() => form.getByText(text.required, { exact: true }).count()).toBe(7);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(7);
    await form.getByLabel(text.name).fill('Ada Lovelace');
    await form.getByLabel(text.email).fill('ada@@example');
    await form.getByLabel(text.phone).fill('12345');
    await form.getByLabel(text.line1).fill('1 Market St');
    await form.getByLabel(text.city).fill(text.address.city);
    await form.getByLabel(text.state).fill(text.address.state);
    await form.getByLabel(text.postalCode).fill('ABC');
    await form.getByLabel(text.name).focus();
    for (const message of [text.badEmail, text.badPhone, text.badPostalCode])
      await form.getByText(message).waitFor();
    await harness.screenshot(page, `checkout-errors-${viewport}-${language}`);

    await form.getByLabel(text.email).fill('ada@example.com');
    await form.getByLabel(text.phone).fill(text.address.phone);
    await form.getByLabel(text.postalCode).fill(text.address.postalCode);
    await form.getByLabel(text.name).focus();
    for (const message of [text.badEmail, text.badPhone, text.badPostalCode])
      await expect.poll(() => form.getByText(message).count()).toBe(0);

    await page.getByRole('button', { name: text.pay }).click();
    const pay = page.getByRole('dialog', { name: text.pay });
    await pay.getByRole('img').first().waitFor(); // the QR code for a phone wallet
    await harness.screenshot(page, `checkout-pay-dialog-${viewport}-${language}`);
    const states = await watchStates(page, {
      paying: '[data-testid="checkout-paying"]',
      success: '[data-testid="checkout-success"]',
    });
    await pay.getByRole('button', { name: text.testWallet }).click();
    await page.getByRole('heading', { name: text.success }).waitFor({ timeout: 20_000 });
    expect(await states()).toEqual(['paying', 'success']);
    expect(await page.getByTestId('checkout-paying').count()).toBe(0);
    await page.getByText('Thank you for buying: Kiosk T-shirt').waitFor();
    await harness.screenshot(page, `checkout-success-${viewport}-${language}`);

    // The server agrees: the invoice is paid, and the page heard so on the realtime socket.
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: '25000000' });
    const invoice = (await harness.merchant(`/api/invoices/${session.invoice_id}`)).body;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: '25000000' });
    expect(session.customer_details).toMatchObject({
      email: 'ada@example.com',
      phone: language === 'en' ? '+14155552671' : '+8613800138000',
    });
    const topic = `checkout:${sessionId}`;
    expect(realtime).toContainEqual(expect.objectContaining({ type: 'checkout.session.completed', topic }));
    expect(realtime).toContainEqual(expect.objectContaining({ type: 'invoice.paid', topic }));

    // The success screen's invoice link opens the invoice: its number, its status and what was paid.
    await page.getByRole('link', { name: text.viewInvoice }).click();
    await page.getByRole('heading', { level: 1, name: `${text.invoice} ${invoice.number}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/customer/invoice/${invoice.id}`);
    expect(await page.getByTestId('invoice-total').textContent()).toBe('25 KDT');
    await page.getByText(text.paid, { exact: true }).waitFor();
    await page.getByRole('listitem').getByText('Kiosk T-shirt').waitFor();
    await harness.screenshot(page, `invoice-${viewport}-${language}`);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});

describe('hosted checkout layouts and states', () => {
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  it('hides the summary in the minimal layout and shows an expired session as expired', async () => {
    const { context, page } = await harness.open();
    await page.goto(`/checkout/pay/${harness.link('Sticker pack')}?mode=standalone-minimal`);
    await page.locator('[data-layout="standalone-minimal"]').waitFor();
    expect(await page.getByRole('region', { name: 'Order summary' }).count()).toBe(0);
    await harness.screenshot(page, 'checkout-minimal-desktop-en');

    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const expired = await harness.merchant(`/api/checkout-sessions/${sessionId}/expire`, { method: 'PUT' });
    expect(expired.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'This checkout has expired' }).waitFor();
    await harness.screenshot(page, 'checkout-expired-desktop-en');
    await context.close();
  });

  it.each([
    ['en-US', 'No such payment link', 'No such checkout session', 'Validate failed'],
    ['zh-CN', '没有该支付链接', '没有该结账会话', '验证失败'],
  ])(
    'says in %s that a malformed or unknown link or session does not exist',
    async (locale, noLink, noSession, validateFailed) => {
      const { context, page } = await harness.open({ locale });
      // Too short for the server's id rule (a 400 on params.id), and well-formed but unknown (a 404).
      for (const [id, message] of [
        ['plink_nope', noLink],
        ['cs_nope', noSession],
        ['plink_0000nope0000', noLink],
        ['cs_0000nope0000', noSession],
      ] as const) {
        await page.goto(`/checkout/pay/${id}`);
        await page.getByText(message).waitFor();
        expect(await page.getByText(validateFailed).count()).toBe(0);
        expect(await page.getByText('params.id').count()).toBe(0);
      }
      await harness.screenshot(page, `checkout-not-found-desktop-${locale.slice(0, 2)}`);
      await context.close();
    },
  );

  it('signs in and pays with a wallet injected into the page, which sends the transfer itself', async () => {
    const { context, page, cspViolations } = await harness.open();
    // A wallet over the local node, which sends for its unlocked development accounts.
    const buyer = harness.chain.accounts[2]!;
    await injectWallet(page, harness.chain.rpcUrl, buyer);
    await page.goto(`/checkout/pay/${harness.link('Sticker pack')}`);
    await page.getByRole('button', { name: 'Connect and pay' }).click();
    await page
      .getByRole('dialog', { name: 'Sign in to Kiosk' })
      .getByRole('button', { name: 'Connect Browser wallet' })
      .click();
    // Signed in, the form asks this new buyer for their details.
    await page.getByLabel('Name').fill('Linus');
    await page.getByLabel('Email').fill('linus@example.com');
    await page.getByRole('button', { name: 'Pay 5 KDT' }).click();
    await page
      .getByRole('dialog', { name: 'Pay 5 KDT' })
      .getByRole('button', { name: 'Pay with Browser wallet' })
      .click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });

    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({
      payment_status: 'paid',
      customer_did: `did:pkh:eip155:1:${buyer.toLowerCase()}`,
    });
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('upsells on a phone, collapses a three-item order and keeps the pay button in reach', async () => {
    const links = (await harness.merchant('/api/payment-links?pageSize=100')).body;
    const priceOf = (name: string) =>
      links.list.find((link: { name: string }) => link.name === name).line_items[0].price_id;
    const link = (
      await harness.merchant('/api/payment-links', {
        method: 'POST',
        body: {
          name: 'Merch box',
          line_items: ['Kiosk T-shirt', 'Sticker pack', 'Tip jar'].map((name) => ({
            price_id: priceOf(name),
          })),
        },
      })
    ).body;
    const { context, page } = await harness.open({ viewport: 'mobile' });
    await page.goto(`/checkout/pay/${link.id}`);
    const toggle = page.getByRole('button', { name: 'Show order summary (3 items)' });
    await toggle.waitFor();
    await harness.screenshot(page, 'checkout-collapsed-mobile-en');
    await toggle.click();
    await page.getByRole('switch', { name: 'Switch to Bundle of 3 packs' }).click();
    // 25 + 12 (the bundle instead of 5) + the tip's default 1.
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('38 KDT');
    // Scrolled to the top of a long page, the pay button is still on screen, fixed at the bottom.
    await page.evaluate(() => window.scrollTo(0, 0));
    const button = page.getByRole('button', { name: 'Connect and pay' });
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThan(844 / 2);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(
      await button.evaluate((element) => getComputedStyle(element.closest('.MuiPaper-root')!).position),
    ).toBe('fixed');
    await harness.screenshot(page, 'checkout-upsold-mobile-en');
    await context.close();
  });
});
