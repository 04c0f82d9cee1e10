import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, evmMethodBody, merchantOf, signedIn } from '@kiosk/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, VIEWPORTS, type BrowserHarness } from './harness.ts';

/**
 * Live and test mode on the merchant dashboard: the owner (the first user of a fresh server) switches
 * modes in the account menu or on the page and sees only that mode's payments; a buyer never sees a
 * switch. The payments are made through the merchant API and a buyer's checkout, one in each mode.
 */

type Mode = 'live' | 'test';

let harness: BrowserHarness;
let merchant: Awaited<ReturnType<typeof merchantOf>>;
let buyer: ReturnType<typeof cookieClient>;
const intents = {} as Record<Mode, string>;

/** A payment link in `mode` for 2.5 KDT, checked out by the buyer: one payment intent of that mode. */
async function paymentIn(mode: Mode): Promise<string> {
  const api = merchant[mode];
  const method = (await api('/api/payment-methods', { method: 'POST', body: evmMethodBody() })).body;
  const token = method.payment_currencies[0].id as string;
  const product = (
    await api('/api/products', {
      method: 'POST',
      body: { name: `${mode} poster`, prices: [{ currency_id: token, unit_amount: '2500000' }] },
    })
  ).body;
  const link = (
    await api('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: product.prices[0].id, quantity: 1 }] },
    })
  ).body;
  const started = await cookieClient(harness.server.url).request(`/api/checkout-sessions/start/${link.id}`, {
    method: 'POST',
  });
  const submitted = await buyer.request(`/api/checkout-sessions/${started.body.checkoutSession.id}/submit`, {
    method: 'PUT',
    body: {
      customer_name: `Ada ${mode}`,
      customer_email: `ada-${mode}@example.com`,
      payment_method: method.id,
      payment_currency: token,
    },
  });
  expect(submitted.status).toBe(200);
  expect(submitted.body.paymentIntent.livemode).toBe(mode === 'live');
  return submitted.body.paymentIntent.id as string;
}

/** A browser context signed in with the session cookie a client holds. */
async function openAs(
  client: { cookie: string },
  options: { viewport?: keyof typeof VIEWPORTS; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await harness.open(options);
  const [name, value] = client.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: harness.server.url }]);
  // Answer the cookie banner: this file is about modes, not the banner.
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
  return { context, page };
}

/** Which of the two payments the page lists right now. */
async function listedIntents(page: Page): Promise<Mode[]> {
  const text = (await page.getByRole('main').textContent()) ?? '';
  return (['live', 'test'] as const).filter((mode) => text.includes(intents[mode]));
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  // The first user to sign in owns a fresh instance; it makes a live and a test API key.
  merchant = await merchantOf(harness.server);
  buyer = await signedIn(harness.server, TestWallet.random());
  intents.live = await paymentIn('live');
  intents.test = await paymentIn('test');
});
afterAll(() => harness?.close());

describe('live and test mode on the merchant dashboard', () => {
  it('the owner switches modes in the account menu and on the page, and sees only that mode’s payments', async () => {
    const { context, page } = await openAs(merchant.owner);
    await page.goto('/');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    // The dashboard opens on its home; its sections lead to the payments.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/home');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payments' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/payments');
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();

    // Live by default (seed 001 §1).
    const liveRow = page.getByRole('row').filter({ hasText: intents.live });
    await liveRow.waitFor();
    await liveRow.getByText('2.5 KDT').waitFor();
    await liveRow.getByText('Ada live').waitFor();
    await liveRow.getByText('Incomplete').waitFor();
    expect(await listedIntents(page)).toEqual(['live']);
    await harness.screenshot(page, 'dashboard-payments-live-desktop-en');

    // The account menu's switch, by keyboard.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const item = page.getByRole('menuitemcheckbox', { name: 'Test mode' });
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await item.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('row').filter({ hasText: intents.test }).waitFor();
    expect(await listedIntents(page)).toEqual(['test']);
    expect(await page.evaluate(() => window.localStorage.getItem('livemode'))).toBe('false');
    await page.getByText('Test mode', { exact: true }).first().waitFor(); // the header's chip
    await harness.screenshot(page, 'dashboard-payments-test-desktop-en');

    // A reload keeps the mode; the page's own switch goes back to live.
    await page.reload();
    await page.getByRole('row').filter({ hasText: intents.test }).waitFor();
    expect(await listedIntents(page)).toEqual(['test']);
    const onPage = page.getByRole('switch', { name: 'Test mode' });
    expect(await onPage.isChecked()).toBe(true);
    await onPage.click();
    await page.getByRole('row').filter({ hasText: intents.live }).waitFor();
    expect(await listedIntents(page)).toEqual(['live']);
    await context.close();
  });

  it('shows the payments as cards on a phone, in zh', async () => {
    const { context, page } = await openAs(merchant.owner, { viewport: 'mobile', locale: 'zh-CN' });
    await page.addInitScript(() => window.localStorage.setItem('livemode', 'false'));
    await page.goto('/dashboard/payments');
    await page.getByRole('heading', { level: 1, name: '付款' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: intents.test });
    await card.waitFor();
    await card.getByText('未完成').waitFor();
    await card.getByText('2.5 KDT').waitFor();
    expect(await listedIntents(page)).toEqual(['test']);
    expect(await page.getByRole('switch', { name: '测试模式' }).isChecked()).toBe(true);
    await harness.screenshot(page, 'dashboard-payments-test-mobile-zh');
    await context.close();
  });

  it('a buyer sees no switch and no dashboard, and the dashboard answers 403', async () => {
    const { context, page } = await openAs(buyer);
    await page.goto('/');
    const account = page.getByRole('button', { name: /^Account menu/ });
    await account.waitFor();
    // Asked before the menu opens: an open menu hides the rest of the page from assistive technology.
    await page.getByRole('link', { name: 'Developer' }).waitFor();
    expect(await page.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await account.click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitemcheckbox').count()).toBe(0);

    await page.goto('/dashboard/payments');
    await page.getByText('Sorry, you are not authorized to access this page.').waitFor();
    expect(await listedIntents(page)).toEqual([]);
    await context.close();
  });
});
