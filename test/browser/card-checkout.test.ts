/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import { startDemoHarness, until, type DemoHarness } from './harness.ts';

/**
 * Paying by card on the hosted checkout (issue 22), as a new buyer of the demo store's "Kiosk mug"
 * (12 USD, or KDT): the server's Stripe SDK and the page's Stripe.js reach the local Stripe emulator,
 * whose Stripe.js stand-in draws the Payment Element's card form and the 3-D Secure challenge. Each
 * language runs on its own fresh server and emulator, so its first buyer is new.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    acceptCookies: 'Accept',
    connect: 'Connect and pay',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    name: 'Name',
    email: 'Email',
    pay: 'Pay 12 USD',
    cardDialog: 'Pay 12 USD by card',
    number: 'Card number',
    expiry: 'Expiration date',
    cvc: 'Security code',
    postal: 'Postal code',
    challenge: 'Authenticate your payment',
    declined: 'Your card has insufficient funds. Try another card.',
    success: 'Payment successful',
  },
  zh: {
    locale: 'zh-CN',
    acceptCookies: '接受',
    connect: '连接钱包并支付',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    name: '姓名',
    email: '邮箱',
    pay: '支付 12 USD',
    cardDialog: '银行卡支付 12 USD',
    number: '卡号',
    expiry: '有效期',
    cvc: '安全码',
    postal: '邮政编码',
    challenge: '验证您的付款',
    declined: '您的银行卡余额不足。请换一张卡。',
    success: '支付成功',
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

/** Opens the card link as a buyer signed in with the test wallet, and answers the form; its session id. */
async function startCardCheckout(harness: DemoHarness, page: Page, text: Text, newBuyer: boolean) {
  await page.goto(`/checkout/pay/${harness.link('Kiosk mug')}`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toMatch(/^\/checkout\/pay\/cs_/);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  // On a phone the banner sits over the pay button; a buyer answers it first.
  await page.getByRole('button', { name: text.acceptCookies }).click();
  await page.getByRole('button', { name: text.connect }).click();
  const signIn = page.getByRole('dialog', { name: text.signIn });
  await signIn.getByRole('button', { name: text.testWallet }).click();
  await signIn.waitFor({ state: 'hidden' });
  // A returning buyer's saved details go out at once; a new one types them and pays.
  if (newBuyer) {
    const form = page.getByRole('form');
    await form.getByLabel(text.name).fill('Ada Lovelace');
    await form.getByLabel(text.email).fill('ada@example.com');
    await page.getByRole('button', { name: text.pay }).click();
  }
  return sessionId;
}

/** Types a card into the Payment Element (the stand-in's fields, in its shadow root) and pays. */
async function payWithCard(dialog: Locator, text: Text, number: string) {
  await dialog.getByLabel(text.number).fill(number);
  await dialog.getByLabel(text.expiry).fill('12 / 34');
  await dialog.getByLabel(text.cvc).fill('123');
  await dialog.getByLabel(text.postal).fill('94105');
  await dialog.getByRole('button', { name: text.pay }).click();
}

/** The session, its payment intent and charge as the merchant reads them. */
async function paidSession(harness: DemoHarness, sessionId: string) {
  const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
  const intent = (await harness.merchant(`/api/payment-intents/${session.payment_intent_id}`)).body;
  return { session, intent };
}

describe.each(['en', 'zh'] as const)('paying by card with 3-D Secure, in %s', (language) => {
  const text = TEXT[language];
  const viewport = language === 'en' ? 'desktop' : 'mobile';
  let emulator: StripeEmulator;
  let harness: DemoHarness;
  beforeAll(async () => {
    emulator = await startStripeEmulator();
    harness = await startDemoHarness({
      KIOSK_STRIPE_API_BASE: emulator.url,
      KIOSK_STRIPE_JS_URL: emulator.jsUrl,
    });
  });
  afterAll(async () => {
    await harness?.close();
    await emulator?.close();
  });

  it('a new buyer pays by card, completes the bank check, and the page shows the payment successful', async () => {
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    const sessionId = await startCardCheckout(harness, page, text, true);

    const dialog = page.getByRole('dialog', { name: text.cardDialog });
    await dialog.getByLabel(text.number).waitFor();
    // Focus goes to the card's first field once it is shown.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.id))
      .toBe('number');
    if (viewport === 'mobile') {
      // A phone's card form takes the whole screen.
      const box = await page.locator('.MuiDialog-paper').boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    }
    await harness.screenshot(page, `checkout-card-form-${viewport}-${language}`);

    await payWithCard(dialog, text, '4000 0027 6000 3184');
    const challenge = page.getByRole('dialog', { name: text.challenge });
    await challenge.waitFor();
    await harness.screenshot(page, `checkout-card-3ds-${viewport}-${language}`);
    await page
      .frameLocator(`iframe[title="${text.challenge}"]`)
      .getByRole('button', { name: 'Complete authentication' })
      .click();

    await page.getByRole('heading', { name: text.success }).waitFor({ timeout: 20_000 });
    await harness.screenshot(page, `checkout-card-success-${viewport}-${language}`);
    const { session, intent } = await paidSession(harness, sessionId);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: '1200' });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: '1200' });
    // Stripe's PaymentIntent paid it: the emulator's record says so.
    const stripeIntents = emulator.events().filter((event) => event.type === 'payment_intent.succeeded');
    expect(stripeIntents).toHaveLength(1);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it.runIf(language === 'en')(
    'a declined card says why and the form stays; another card pays on the same page',
    async () => {
      const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
      // The buyer of the test before: their details are saved, so the card form opens at once.
      const sessionId = await startCardCheckout(harness, page, text, false);
      const dialog = page.getByRole('dialog', { name: text.cardDialog });
      await dialog.getByLabel(text.number).waitFor();

      await payWithCard(dialog, text, '4000 0000 0000 9995');
      await expect.poll(() => dialog.getByRole('alert').filter({ hasText: text.declined }).count()).toBe(1);
      await harness.screenshot(page, `checkout-card-declined-${viewport}-${language}`);
      expect((await paidSession(harness, sessionId)).session.payment_status).toBe('unpaid');

      await dialog.getByLabel(text.number).fill('4242 4242 4242 4242');
      await dialog.getByRole('button', { name: text.pay }).click();
      await page.getByRole('heading', { name: text.success }).waitFor({ timeout: 20_000 });
      const { session, intent } = await paidSession(harness, sessionId);
      expect(session).toMatchObject({ status: 'complete', payment_status: 'paid' });
      expect(intent).toMatchObject({ status: 'succeeded', amount_received: '1200' });
      expect(cspViolations).toEqual([]);
      await context.close();
    },
  );

  it.runIf(language === 'en')(
    'a subscriber saves a card for a plan with a trial: the terms are said, nothing is charged, the trial begins',
    async () => {
      const usd = (await harness.merchant('/api/payment-methods')).body.list
        .find((m: { type: string }) => m.type === 'stripe')
        .payment_currencies.find((c: { symbol: string }) => c.symbol === 'USD').id;
      const plan = (
        await harness.merchant('/api/products', {
          method: 'POST',
          body: {
            name: 'Card plan',
            prices: [
              { type: 'recurring', currency_id: usd, unit_amount: '900', recurring: { interval: 'month' } },
            ],
          },
        })
      ).body;
      const link = (
        await harness.merchant('/api/payment-links', {
          method: 'POST',
          body: {
            line_items: [{ price_id: plan.prices[0].id, quantity: 1 }],
            subscription_data: { trial_period_days: 7 },
          },
        })
      ).body;
      const charged = () => emulator.events().filter((e) => e.type === 'payment_intent.succeeded').length;
      const chargedBefore = charged();
      const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
      await page.goto(`/checkout/pay/${link.id}`);
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
        .toMatch(/^\/checkout\/pay\/cs_/);
      const sessionId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('button', { name: text.acceptCookies }).click();
      await page.getByRole('button', { name: 'Connect and subscribe' }).click();
      const signIn = page.getByRole('dialog', { name: text.signIn });
      await signIn.getByRole('button', { name: text.testWallet }).click();
      await signIn.waitFor({ state: 'hidden' });
      // A buyer of the tests before has their details saved, and they go out at once; a new one types them.
      const dialog = page.getByRole('dialog', { name: 'Subscribe with your card' });
      const name = page.getByRole('form').getByLabel(text.name);
      await Promise.race([dialog.waitFor(), name.waitFor()]);
      if ((await name.isVisible()) && (await name.inputValue()) === '') {
        await name.fill('Ada Lovelace');
        await page.getByRole('form').getByLabel(text.email).fill('ada@example.com');
        await page.getByRole('button', { name: 'Subscribe' }).click();
      }
      await dialog.getByLabel(text.number).waitFor();
      await expect
        .poll(() => dialog.textContent())
        .toContain('You allow this card to be charged 9 USD per month until you cancel.');
      await harness.screenshot(page, `checkout-card-subscribe-${viewport}-${language}`);
      await dialog.getByLabel(text.number).fill('4242 4242 4242 4242');
      await dialog.getByLabel(text.expiry).fill('12 / 34');
      await dialog.getByLabel(text.cvc).fill('123');
      await dialog.getByLabel(text.postal).fill('94105');
      await dialog.getByRole('button', { name: 'Subscribe' }).click();

      const session = await until(
        async () => (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body,
        (s) => s.status === 'complete',
      );
      expect(session.payment_status).toBe('no_payment_required');
      const subscription = (await harness.merchant(`/api/subscriptions/${session.subscription_id}`)).body;
      expect(subscription).toMatchObject({ status: 'trialing' });
      // The card was saved, not charged.
      expect(emulator.events().filter((e) => e.type === 'setup_intent.succeeded')).toHaveLength(1);
      expect(charged()).toBe(chargedBefore);
      expect(cspViolations).toEqual([]);
      await context.close();
    },
  );
});
