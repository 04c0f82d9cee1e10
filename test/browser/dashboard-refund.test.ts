import { catalogs } from '@kiosk/core/i18n/catalogs';
import { dashboardPaymentMessages } from '@kiosk/core/i18n/dashboard-payment';
import { interpolate } from '@kiosk/core';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn } from '@kiosk/testkit';
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, until, type DemoHarness } from './harness.ts';

/**
 * The merchant's payment page and Refund (issue 23 item 1), in a real browser: the demo store's owner
 * opens a card payment of its "Kiosk mug" (12 USD), paid on the local Stripe emulator, refunds part of
 * it, and sees the refund and the amounts change; the emulator holds the one refund Stripe made.
 */

let emulator: StripeEmulator;
let harness: DemoHarness;
let stripe: Stripe;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  harness = await startDemoHarness({
    KIOSK_STRIPE_API_BASE: emulator.url,
    KIOSK_STRIPE_JS_URL: emulator.jsUrl,
  });
  stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
});
afterAll(async () => {
  await harness?.close();
  await emulator?.close();
});

/**
 * A new buyer's order of the mug, paid by card as refunds.test.ts pays one: submitted in USD, the
 * emulator's PaymentIntent confirmed with a test card, named to the server, and recorded. Its intent.
 */
async function paidMug(): Promise<{ id: string; stripeIntent: string }> {
  const card = (await harness.merchant('/api/payment-methods')).body.list.find(
    (method: { type: string }) => method.type === 'stripe',
  );
  const usd = card.payment_currencies.find((currency: { symbol: string }) => currency.symbol === 'USD').id;
  const started = await cookieClient(harness.server.url).request(
    `/api/checkout-sessions/start/${harness.link('Kiosk mug')}`,
    { method: 'POST' },
  );
  const sessionId = started.body.checkoutSession.id as string;
  const buyer = await signedIn(harness.server, TestWallet.random());
  const submitted = await buyer.request(`/api/checkout-sessions/${sessionId}/submit`, {
    method: 'PUT',
    body: {
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      payment_method: card.id,
      payment_currency: usd,
    },
  });
  expect(submitted.status).toBe(200);
  const secret: string = submitted.body.stripeContext.client_secret;
  const stripeIntent = secret.slice(0, secret.indexOf('_secret_'));
  await stripe.paymentIntents.confirm(stripeIntent, { payment_method: 'pm_card_visa' });
  const named = await buyer.request(`/api/checkout-sessions/${sessionId}/pay`, {
    method: 'POST',
    body: { tx_hash: stripeIntent },
  });
  expect(named.status).toBe(202);
  const id = submitted.body.paymentIntent.id as string;
  await until(
    async () => (await harness.merchant(`/api/payment-intents/${id}`)).body,
    (intent) => intent.status === 'succeeded',
  );
  return { id, stripeIntent };
}

/** The value a summary row of the page shows beside its label. */
function fact(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
}

const JOURNEYS = [
  { language: 'en', locale: 'en-US', viewport: 'desktop' },
  { language: 'zh', locale: 'zh-CN', viewport: 'mobile' },
] as const;

describe('refunding part of a card payment on the dashboard', () => {
  it.each(JOURNEYS)(
    'the owner refunds 5 of 12 USD, in $language on $viewport',
    async ({ language, locale, viewport }) => {
      const t = (key: string, params?: Record<string, string>) =>
        // The page's own texts load with it (a screen group), beside the first load's.
        interpolate(
          (dashboardPaymentMessages[language] as Record<string, string>)[key] ??
            catalogs[language][key] ??
            key,
          params,
        );
      const payment = await paidMug();
      const { context, page, cspViolations } = await harness.open({ viewport, locale });
      await context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
      // The demo's payments are test payments: the dashboard's mode starts on test.
      await context.addInitScript(() => window.localStorage.setItem('livemode', 'false'));
      // The demo's owner link signs this browser in as the owner and opens the dashboard's home;
      // its sections lead to the payments.
      await page.goto(new URL(harness.demo.owner.signInUrl).pathname);
      const sections = page.getByRole('navigation', { name: language === 'en' ? 'Dashboard' : '控制面板' });
      await sections.getByRole('link', { name: t('page.screen.payments') }).click();
      await page.getByRole('heading', { level: 1, name: t('page.screen.payments') }).waitFor();

      await page.getByText(payment.id).click();
      await page.getByRole('heading', { level: 1, name: '12 USD' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/dashboard/payments/${payment.id}`);
      await expect.poll(() => fact(page, t('dashboard.payment.refundable'))).toBe('12 USD');
      const charges = page.getByRole('region', { name: t('dashboard.payment.charges') });
      expect(await charges.getByRole('link', { name: payment.stripeIntent }).getAttribute('href')).toBe(
        `https://dashboard.stripe.com/test/payments/${payment.stripeIntent}`,
      );
      const events = page.getByRole('region', { name: t('dashboard.payment.events') });
      await events.getByText(t('dashboard.payment.event.payment_intent.succeeded')).waitFor();
      await harness.screenshot(page, `dashboard-payment-${viewport}-${language}`);

      await page.getByRole('button', { name: t('dashboard.payment.refund'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('dashboard.refund.title') });
      const amount = dialog.getByRole('textbox', { name: t('dashboard.refund.amount', { symbol: 'USD' }) });
      expect(await amount.inputValue()).toBe('12');
      if (viewport === 'mobile') {
        // A phone's refund form takes the whole screen.
        expect(await page.locator('.MuiDialog-paper').boundingBox()).toMatchObject({
          x: 0,
          y: 0,
          width: 390,
        });
      }
      const keys: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/refunds')
          keys.push(request.headers()['idempotency-key'] ?? '');
      });
      await amount.fill('5');
      await dialog.getByRole('radio', { name: t('dashboard.refund.reason.duplicate') }).check();
      await harness.screenshot(page, `dashboard-refund-dialog-${viewport}-${language}`);
      // A double click sends one refund: the dialog is busy after the first, and both carry one key.
      await dialog.getByRole('button', { name: t('dashboard.refund.submit'), exact: true }).dblclick();

      await page.getByText(t('dashboard.payment.refundMade', { amount: '5 USD' })).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => fact(page, t('dashboard.payment.refundable'))).toBe('7 USD');
      expect(await fact(page, t('dashboard.payment.refunded'))).toBe('5 USD');
      const refunds = page.getByRole('region', { name: t('dashboard.payment.refunds') });
      await refunds.getByText(t('dashboard.payment.refund.succeeded')).waitFor();
      expect(await refunds.getByRole('listitem').count()).toBe(1);
      expect(await refunds.textContent()).toContain('5 USD');
      await events.getByText(t('dashboard.payment.event.refund.succeeded')).waitFor();
      await harness.screenshot(page, `dashboard-payment-refunded-${viewport}-${language}`);

      expect(keys[0]).toMatch(/^[0-9A-Za-z]{24}$/);
      expect(new Set(keys).size).toBe(1);
      // Stripe made exactly the one refund, of 5 USD, and the server recorded it as the page shows.
      const atStripe = await stripe.refunds.list({ payment_intent: payment.stripeIntent });
      expect(atStripe.data.map((refund) => [refund.amount, refund.reason])).toEqual([[500, 'duplicate']]);
      const recorded = (await harness.merchant(`/api/refunds?payment_intent_id=${payment.id}`)).body;
      expect(recorded.list).toMatchObject([{ amount: '500', status: 'succeeded', reason: 'duplicate' }]);
      expect(cspViolations).toEqual([]);
      await context.close();
    },
  );
});
