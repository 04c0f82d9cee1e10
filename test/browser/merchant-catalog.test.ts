import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import { dashboardMessages } from '@kiosk/core/i18n/dashboard';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { dashboardDevelopersMessages } from '@kiosk/core/i18n/dashboard-developers';
import { dashboardLinksMessages } from '@kiosk/core/i18n/dashboard-links';
import { dashboardPaymentMessages } from '@kiosk/core/i18n/dashboard-payment';
import { interpolate } from '@kiosk/core';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, until, type DemoHarness } from './harness.ts';

/**
 * A new merchant's first sale, in a real browser (issue 23 Must show): the demo store's owner makes
 * products with a one-time and a monthly price, a cross-sell and two payment links (one with a trial);
 * a buyer in another browser context opens them, adds the cross-sell and pays by card on the local
 * Stripe emulator; the owner finds the payment, refunds half of it, and reads the webhook delivery of
 * `checkout.session.completed` that a local receiver answered.
 */

let emulator: StripeEmulator;
let harness: DemoHarness;
let receiver: Server;
const received: { type: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body) as { type: string });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  emulator = await startStripeEmulator();
  harness = await startDemoHarness({
    KIOSK_STRIPE_API_BASE: emulator.url,
    KIOSK_STRIPE_JS_URL: emulator.jsUrl,
    KIOSK_WEBHOOKS_ALLOW_PRIVATE: '1',
  });
});
afterAll(async () => {
  await harness?.close();
  await emulator?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const JOURNEYS = [
  { language: 'en', locale: 'en-US', viewport: 'desktop', cookies: 'Accept', pay: 'Pay 8 USD' },
  { language: 'zh', locale: 'zh-CN', viewport: 'mobile', cookies: '接受', pay: '支付 8 USD' },
] as const;

const CARD = {
  en: {
    dialog: 'Pay 8 USD by card',
    number: 'Card number',
    expiry: 'Expiration date',
    cvc: 'Security code',
    postal: 'Postal code',
    success: 'Payment successful',
    connect: 'Connect and pay',
    signIn: 'Sign in to Kiosk',
    wallet: 'Test wallet',
    name: 'Name',
    email: 'Email',
  },
  zh: {
    dialog: '银行卡支付 8 USD',
    number: '卡号',
    expiry: '有效期',
    cvc: '安全码',
    postal: '邮政编码',
    success: '支付成功',
    connect: '连接钱包并支付',
    signIn: '登录 Kiosk',
    wallet: '测试钱包',
    name: '姓名',
    email: '邮箱',
  },
} as const;

/** The value a summary row of the page shows beside its label. */
function fact(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
}

describe('a new merchant sells through the dashboard', () => {
  it.each(JOURNEYS)(
    'makes products and links, a buyer pays, the merchant refunds half and reads the webhook, in $language on $viewport',
    async ({ language, locale, viewport, cookies, pay }) => {
      const groups = [
        dashboardMessages,
        dashboardCatalogMessages,
        dashboardLinksMessages,
        dashboardPaymentMessages,
        dashboardDevelopersMessages,
      ];
      const t = (key: string, params?: Record<string, string | number>) =>
        interpolate(
          groups.map((group) => (group[language] as Record<string, string>)[key]).find(Boolean) ??
            catalogs[language][key] ??
            key,
          params,
        );
      const card = (await harness.merchant('/api/payment-methods')).body.list.find(
        (method: { type: string }) => method.type === 'stripe',
      );
      const usd = `USD · ${card.name}`;
      const endpoint = await harness.merchant('/api/webhook-endpoints', {
        method: 'POST',
        body: {
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${language}`,
          enabled_events: ['checkout.session.completed'],
        },
      });
      expect(endpoint.status).toBe(201);

      // The owner, in test mode, signed in by the demo's owner link.
      const owner = await harness.open({ viewport, locale });
      await owner.context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
      await owner.context.addInitScript(() => window.localStorage.setItem('livemode', 'false'));
      const page = owner.page;
      await page.goto(new URL(harness.demo.owner.signInUrl).pathname);
      const nav = page.getByRole('navigation', { name: language === 'en' ? 'Dashboard' : '控制面板' });
      const dialog = page.getByRole('dialog');

      const addProduct = async (name: string, amount: string, monthly = false) => {
        await nav.getByRole('link', { name: t('dashboard.nav.products') }).click();
        await page.getByRole('heading', { level: 1, name: t('catalog.products.title') }).waitFor();
        await page
          .getByRole('button', { name: t('catalog.products.add') })
          .first()
          .click();
        await dialog.getByRole('textbox', { name: t('catalog.form.name'), exact: true }).fill(name);
        await dialog
          .getByRole('combobox', { name: t('catalog.priceForm.currency') })
          .selectOption({ label: usd });
        if (monthly) await dialog.getByRole('radio', { name: t('catalog.priceForm.recurring') }).check();
        await dialog
          .getByRole('textbox', { name: t('catalog.priceForm.amount', { symbol: 'USD' }) })
          .fill(amount);
        if (monthly) await harness.screenshot(page, `dashboard-product-add-${viewport}-${language}`);
        await dialog.getByRole('button', { name: t('catalog.form.add') }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
      };
      await addProduct(`Poster ${language}`, '3');
      await addProduct(`Sticker pack ${language}`, '5');
      // The sticker pack offers the poster beside it.
      await page.getByRole('button', { name: t('catalog.product.edit'), exact: true }).click();
      await dialog
        .getByRole('combobox', { name: t('catalog.form.crossSell') })
        .selectOption({ label: `Poster ${language} · 3 USD` });
      await dialog.getByRole('button', { name: t('catalog.form.save') }).click();
      await expect.poll(() => fact(page, t('catalog.product.crossSell'))).toBe(`Poster ${language} · 3 USD`);
      await addProduct(`Team plan ${language}`, '10', true);
      const perMonth = `10 USD ${t('checkout.recurring.month')}`;
      const prices = page.getByRole('region', { name: t('catalog.product.prices') });
      await prices
        .getByText(language === 'en' ? perMonth : `${t('checkout.recurring.month')} 10 USD`)
        .waitFor();
      await harness.screenshot(page, `dashboard-product-${viewport}-${language}`);

      const addLink = async (label: string, trialDays?: string) => {
        await nav.getByRole('link', { name: t('dashboard.nav.paymentLinks') }).click();
        await page.getByRole('heading', { level: 1, name: t('catalog.links.title') }).waitFor();
        await page.getByRole('button', { name: t('catalog.links.add') }).click();
        await dialog.getByRole('combobox', { name: t('catalog.linkForm.price') }).selectOption({ label });
        if (trialDays) {
          await dialog.getByRole('textbox', { name: t('catalog.linkForm.trialDays') }).fill(trialDays);
          // The buyer's name must have two words, and the buyer is told so in their language.
          await dialog.getByRole('button', { name: t('catalog.linkForm.more') }).click();
          await dialog.getByRole('button', { name: t('catalog.linkForm.addRule') }).click();
          const rule = dialog.getByRole('group', { name: t('catalog.linkForm.rule', { number: 1 }) });
          await rule.getByRole('textbox', { name: t('catalog.linkForm.rulePattern') }).fill('\\S+ \\S+');
          await rule
            .getByRole('textbox', { name: t('catalog.linkForm.ruleMessageEn') })
            .fill('First and last name');
          await rule.getByRole('textbox', { name: t('catalog.linkForm.ruleMessageZh') }).fill('请填写姓和名');
          await harness.screenshot(page, `dashboard-link-rules-${viewport}-${language}`);
        }
        await dialog.getByRole('button', { name: t('catalog.linkForm.create') }).click();
        await dialog.getByRole('heading', { name: t('catalog.linkForm.createdTitle') }).waitFor();
        const url = await dialog.getByRole('link', { name: /\/checkout\/pay\/plink_/ }).textContent();
        await harness.screenshot(page, `dashboard-link-created-${viewport}-${language}`);
        await dialog.getByRole('button', { name: t('catalog.linkForm.done') }).click();
        return new URL(url!).pathname;
      };
      const trialLink = await addLink(
        language === 'en'
          ? `Team plan en · ${perMonth}`
          : `Team plan zh · ${t('checkout.recurring.month')} 10 USD`,
        '14',
      );
      const stickerLink = await addLink(`Sticker pack ${language} · 5 USD`);
      const trialLinkId = trialLink.split('/').pop()!;
      expect((await harness.merchant(`/api/payment-links/${trialLinkId}`)).body.metadata).toEqual({
        page_info: {
          field_validation: {
            customer_name: {
              pattern: '\\S+ \\S+',
              pattern_message: { en: 'First and last name', zh: '请填写姓和名' },
            },
          },
        },
      });

      // A buyer, in a browser of their own.
      const buyer = await harness.open({ viewport, locale });
      const shop = buyer.page;
      await shop.goto(trialLink);
      await shop.getByRole('button', { name: cookies }).click();
      await shop
        .getByText(new RegExp(`Team plan ${language}`))
        .first()
        .waitFor();
      await shop.getByText(/14/).first().waitFor();
      await shop.goto(stickerLink);
      await expect.poll(() => new URL(shop.url()).pathname).toMatch(/^\/checkout\/pay\/cs_/);
      const sessionId = new URL(shop.url()).pathname.split('/').pop()!;
      await shop.getByRole('button', { name: t('checkout.crossSell.add') }).click();
      const text = CARD[language];
      await shop.getByRole('button', { name: text.connect }).click();
      const signIn = shop.getByRole('dialog', { name: text.signIn });
      await signIn.getByRole('button', { name: text.wallet }).click();
      await signIn.waitFor({ state: 'hidden' });
      // The test wallet is one buyer per server: once they have paid, their details are saved and the
      // card form opens at once; a new buyer types them and pays.
      const cardForm = shop.getByRole('dialog', { name: text.dialog });
      const known = (await harness.merchant('/api/customers?q=ada%40example.com')).body.count > 0;
      if (!known) {
        const form = shop.getByRole('form');
        await form.getByLabel(text.name).fill('Ada Lovelace');
        await form.getByLabel(text.email).fill('ada@example.com');
        await shop.getByRole('button', { name: pay }).click();
      }
      await cardForm.getByLabel(text.number).fill('4242 4242 4242 4242');
      await cardForm.getByLabel(text.expiry).fill('12 / 34');
      await cardForm.getByLabel(text.cvc).fill('123');
      await cardForm.getByLabel(text.postal).fill('94105');
      await cardForm.getByRole('button', { name: pay }).click();
      await shop.getByRole('heading', { name: text.success }).waitFor({ timeout: 20_000 });
      const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
      expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: '800' });
      await buyer.context.close();

      // The owner finds the payment and refunds half of it.
      await nav.getByRole('link', { name: t('page.screen.payments') }).click();
      await page.getByRole('heading', { level: 1, name: t('page.screen.payments') }).waitFor();
      await page.getByText(session.payment_intent_id).click();
      await page.getByRole('heading', { level: 1, name: '8 USD' }).waitFor();
      await page.getByRole('button', { name: t('dashboard.payment.refund'), exact: true }).click();
      await dialog.getByRole('textbox', { name: t('dashboard.refund.amount', { symbol: 'USD' }) }).fill('4');
      await dialog.getByRole('button', { name: t('dashboard.refund.submit'), exact: true }).click();
      await page.getByText(t('dashboard.payment.refundMade', { amount: '4 USD' })).waitFor();
      await expect.poll(() => fact(page, t('dashboard.payment.refundable'))).toBe('4 USD');

      // Its invoice downloads as a PDF in the reader's language, with the page's own session.
      const invoiceId = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body.invoice_id;
      await page.goto(`/dashboard/invoices/${invoiceId}`);
      const pdf = page.getByRole('link', { name: t('page.invoice.downloadPdf') });
      const href = await pdf.getAttribute('href');
      expect(new URL(href!, harness.server.url).searchParams.get('lang')).toBe(language);
      const download = await page.evaluate(async (url) => {
        const answer = await fetch(url);
        const bytes = new Uint8Array(await answer.arrayBuffer());
        return {
          status: answer.status,
          type: answer.headers.get('content-type'),
          head: String.fromCharCode(...bytes.slice(0, 5)),
        };
      }, href!);
      expect(download).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

      // The webhook's delivery log shows the sale, answered by the receiver.
      await until(
        async () => received.filter((event) => event.type === 'checkout.session.completed').length,
        (count) => count >= (language === 'en' ? 1 : 2),
      );
      await page.goto(`/dashboard/developers/webhooks/${endpoint.body.id}`);
      const deliveries = page.getByRole('region', { name: t('developers.deliveries.title') });
      await deliveries.getByText('checkout.session.completed').first().waitFor();
      await deliveries.getByText(t('developers.deliveries.status.succeeded')).first().waitFor();
      await harness.screenshot(page, `dashboard-webhook-deliveries-${viewport}-${language}`);
      expect(owner.cspViolations).toEqual([]);
      await owner.context.close();
    },
  );
});
