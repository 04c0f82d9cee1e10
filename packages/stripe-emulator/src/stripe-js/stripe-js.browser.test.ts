import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../index.ts';

/**
 * The Stripe.js stand-in in Debian's Chromium against the real emulator: a shop page (another origin)
 * loads it from the emulator's /v3/ as the checkout will, takes it through @stripe/stripe-js's
 * loadStripe, mounts the Payment Element and pays with Stripe's test cards; the server side (intents,
 * what was paid) goes through the real stripe SDK.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// Beside the other browser tests' screenshots (git-ignored), for a look at the form and the modal.
const SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/screenshots', import.meta.url));
const loadStripeModule = readFileSync(
  createRequire(import.meta.url).resolve('@stripe/stripe-js/dist/index.mjs'),
  'utf8',
);

let emulator: StripeEmulator;
let stripe: Stripe;

const paymentIntent = () =>
  stripe.paymentIntents.create({
    amount: 1999,
    currency: 'usd',
    automatic_payment_methods: { enabled: true },
  });

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * The shop: another origin than the emulator's, on this machine (Chromium keeps public pages off
 * loopback), with a policy stricter than Kiosk's (no inline style) that allows the emulator as a page
 * allows js.stripe.com: scripts, API calls, frames.
 */
let shop: Server;
let shopUrl = '';
let browser: Browser;
let page: Page;
const warnings: string[] = [];

function shopFile(path: string | undefined): [string, string] {
  if (path === '/stripe-js.mjs') return ['text/javascript', loadStripeModule];
  if (path?.startsWith('/shop.mjs')) return ['text/javascript', shopScript];
  if (path?.startsWith('/react-shop.mjs')) return ['text/javascript', reactShopBundle];
  const scripts = (module: string) =>
    `<script src="${emulator.jsUrl}"></script><script type="module" src="${module}?pk=${emulator.publishableKey}"></script>`;
  if (path === '/react') {
    return [
      'text/html',
      `<!doctype html><html lang="en"><body><div id="root"></div>${scripts('/react-shop.mjs')}</body></html>`,
    ];
  }
  // No charset of its own: the script's text must be read as its Content-Type says (UTF-8).
  return [
    'text/html',
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"></head>
    <body><form id="checkout"><div id="payment"></div><button>Pay</button></form>${scripts('/shop.mjs')}</body></html>`,
  ];
}

const shopScript = `
  import { loadStripe } from '/stripe-js.mjs';
  window.stripe = await loadStripe(new URL(import.meta.url).searchParams.get('pk'));
  // Mounts a fresh Payment Element (the previous one destroyed) and records its events.
  window.mountPayment = (clientSecret, locale, options) => {
    if (window.element) window.element.destroy();
    window.elements = window.stripe.elements({ clientSecret, locale });
    window.element = window.elements.create('payment', options);
    window.events = [];
    for (const type of ['ready', 'change', 'focus', 'blur']) {
      window.element.on(type, (event) => window.events.push({ type, ...event }));
    }
    window.element.mount('#payment');
    return new Promise((resolve) => window.element.once('ready', resolve));
  };`;

/** A checkout built on @stripe/react-stripe-js, as a host app may build one (Kiosk mounts the Payment Element itself), in React's StrictMode (which mounts twice). */
const reactShop = `
  import { StrictMode, useState } from 'react';
  import { createRoot } from 'react-dom/client';
  import { loadStripe } from '@stripe/stripe-js';
  import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';

  const stripePromise = loadStripe(new URL(import.meta.url).searchParams.get('pk'));

  function Checkout() {
    const stripe = useStripe();
    const elements = useElements();
    const [status, setStatus] = useState('loading');
    async function pay(event) {
      event.preventDefault();
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      setStatus(error ? 'declined: ' + error.code : 'paid: ' + paymentIntent.status);
    }
    return (
      <form onSubmit={pay}>
        <PaymentElement onReady={() => setStatus('ready')} onChange={(event) => event.complete && setStatus('complete')} />
        <button disabled={!stripe || !elements}>Pay</button>
        <p role="status">{status}</p>
      </form>
    );
  }

  window.renderCheckout = (clientSecret) =>
    createRoot(document.getElementById('root')).render(
      <StrictMode>
        <Elements stripe={stripePromise} options={{ clientSecret, appearance: { variables: { colorPrimary: '#7c3aed' } } }}>
          <Checkout />
        </Elements>
      </StrictMode>,
    );`;
let reactShopBundle = '';

beforeAll(async () => {
  // React's development build: StrictMode's double mount and React's warnings are what it checks.
  const bundle = await build({
    stdin: { contents: reactShop, loader: 'jsx', resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  reactShopBundle = bundle.outputFiles[0]!.text;
  emulator = await startStripeEmulator();
  stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
  const origin = emulator.url;
  shop = createServer((req, res) => {
    const [type, body] = shopFile(req.url);
    const policy = `default-src 'self'; script-src 'self' ${origin}; style-src 'self'; connect-src 'self' ${origin}; frame-src ${origin}`;
    res.writeHead(200, { 'content-type': type, 'content-security-policy': policy });
    res.end(body);
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  // Warnings, errors and refusals of the policy, except the emulator's 4xx answers (a decline is a 402).
  page.on('console', (message) => {
    const text = message.text();
    if (/status of 4\d\d/.test(text) || !['warning', 'error'].includes(message.type())) return;
    warnings.push(text);
  });
  page.on('pageerror', (error) => warnings.push(error.message));
  shopUrl = `http://localhost:${await listen(shop)}`;
  await page.goto(`${shopUrl}/`);
  await page.waitForFunction(() => (window as any).stripe);
}, 60_000);

afterEach(() => {
  expect(warnings.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await emulator?.close();
  await new Promise((resolve) => shop?.close(resolve));
});

async function screenshot(name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function mount(clientSecret: string, locale = 'en', options: object = {}) {
  await page.evaluate(([secret, lang, opts]) => (window as any).mountPayment(secret, lang, opts), [
    clientSecret,
    locale,
    options,
  ] as const);
}

async function fill(card: { number: string; expiry?: string; cvc?: string; postal?: string }) {
  await page.getByLabel('Card number').pressSequentially(card.number);
  await page.getByLabel('Expiration date').pressSequentially(card.expiry ?? '1234');
  await page.getByLabel('Security code').pressSequentially(card.cvc ?? '123');
  if (card.postal !== '') await page.getByLabel('Postal code').fill(card.postal ?? '94107');
}

/** Confirms with the mounted element, as the checkout will (a card never needs to leave the page). */
const confirm = (call: 'confirmPayment' | 'confirmSetup' = 'confirmPayment') =>
  page.evaluate((name) => {
    const w = window as any;
    return w.stripe[name]({ elements: w.elements, redirect: 'if_required' });
  }, call);

/**
 * Waits for the challenge modal and answers it: a button in the challenge page, Escape there (where the
 * modal puts the focus), or Escape on the page beneath after a click on the backdrop.
 */
type Answer = 'Complete authentication' | 'Fail authentication' | 'Escape' | 'Escape on the page';
async function authenticate(answer: Answer) {
  const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
  const challenge = page.frameLocator('iframe[title="Authenticate your payment"]');
  const button = challenge.getByRole('button', {
    name: answer.startsWith('Escape') ? 'Fail authentication' : answer,
  });
  await button.waitFor();
  if (answer === 'Escape on the page') {
    await dialog.click({ position: { x: 5, y: 5 } });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  }
  if (answer.startsWith('Escape')) await page.keyboard.press('Escape');
  else await button.click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the Stripe.js stand-in', () => {
  it('is taken by loadStripe as Stripe.js, with what the React bindings check, and no version warning', async () => {
    // afterEach: nothing warned about, nothing refused by the page's policy.
    const missing = await page.evaluate(() => {
      const stripe = (window as any).stripe;
      const calls = [
        'elements',
        'createToken',
        'createPaymentMethod',
        'confirmCardPayment',
        'confirmPayment',
      ];
      return [...calls, 'confirmSetup', 'handleNextAction', '_registerWrapper', 'registerAppInfo'].filter(
        (name) => typeof stripe[name] !== 'function',
      );
    });
    expect(missing).toEqual([]);
  });

  it('renders a labelled card form that groups the number, names the brand and reports its state', async () => {
    await mount((await paymentIntent()).client_secret!);
    const number = page.getByLabel('Card number');
    await expect.poll(() => number.getAttribute('autocomplete')).toBe('cc-number');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByLabel('Expiration date').getAttribute('autocomplete')).toBe('cc-exp');
    expect(await page.getByLabel('Security code').getAttribute('autocomplete')).toBe('cc-csc');
    expect(await page.getByLabel('Postal code').getAttribute('autocomplete')).toBe('postal-code');

    await number.pressSequentially('5555555555554444');
    expect(await number.inputValue()).toBe('5555 5555 5555 4444');
    expect(await page.getByText('Mastercard').isVisible()).toBe(true);
    await number.fill('');
    await fill({ number: '4242424242424242', expiry: '434' });
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByText('Visa').isVisible()).toBe(true);
    expect(await page.getByLabel('Expiration date').inputValue()).toBe('04 / 34');

    const events: any[] = await page.evaluate(() => (window as any).events);
    expect(events[0]).toEqual({ type: 'ready', elementType: 'payment' });
    expect(events.find((event) => event.type === 'focus')).toBeTruthy();
    const changes = events.filter((event) => event.type === 'change');
    expect(changes[0]).toMatchObject({
      empty: false,
      complete: false,
      collapsed: false,
      value: { type: 'card' },
    });
    expect(changes.at(-1)).toMatchObject({ complete: true });
    // Styled under a policy without inline styles: the form's sheet is a constructed one.
    expect(await number.evaluate((input) => getComputedStyle(input).paddingTop)).toBe('10px');
    await screenshot('stripe-js-card-form-desktop-en');
  });

  it("answers elements.submit() with Stripe's validation codes and shows each under its field", async () => {
    const submit = () => page.evaluate(() => (window as any).elements.submit());
    const { client_secret } = await paymentIntent();
    await mount(client_secret!);
    expect((await submit()).error).toMatchObject({ type: 'validation_error', code: 'incomplete_number' });
    expect(await page.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' }).count()).toBe(
      1,
    );
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    await screenshot('stripe-js-card-errors-desktop-en');

    const cases: [Parameters<typeof fill>[0], string][] = [
      [{ number: '4242424242424241' }, 'invalid_number'],
      [{ number: '4242424242424242', expiry: '1220' }, 'invalid_expiry_year_past'],
      [{ number: '4242424242424242', expiry: '1334' }, 'invalid_expiry_month'],
      [{ number: '4242424242424242', cvc: '12' }, 'incomplete_cvc'],
      [{ number: '4242424242424242', postal: '' }, 'incomplete_zip'],
    ];
    for (const [card, code] of cases) {
      await mount(client_secret!);
      await fill(card);
      expect((await submit()).error?.code, code).toBe(code);
      // confirmPayment checks the same before it asks the emulator anything.
      expect((await confirm()).error?.code, code).toBe(code);
    }
    await mount(client_secret!);
    await fill({ number: '4242424242424242' });
    expect(await submit()).toEqual({ selectedPaymentMethod: 'card' });
    expect((await stripe.paymentIntents.retrieve(client_secret!.split('_secret_')[0]!)).status).toBe(
      'requires_payment_method',
    );
  });

  it('pays with 4242: the card, its expiry and the postal code reach the emulator', async () => {
    const pi = await paymentIntent();
    await mount(pi.client_secret!);
    await fill({ number: '4242424242424242', expiry: '0734', postal: '10115' });
    const result = await confirm();
    expect(result.paymentIntent).toMatchObject({ id: pi.id, status: 'succeeded' });
    const paid = await stripe.paymentIntents.retrieve(pi.id);
    expect(paid.status).toBe('succeeded');
    const method = await stripe.paymentMethods.retrieve(paid.payment_method as string);
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 7, exp_year: 2034 });
    expect(method.billing_details.address?.postal_code).toBe('10115');
  });

  it('answers a decline with the card error and its decline code', async () => {
    await mount((await paymentIntent()).client_secret!);
    await fill({ number: '4000000000009995' });
    const { error } = await confirm();
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(error.message).toBe('Your card has insufficient funds.');
    expect(error.payment_intent.status).toBe('requires_payment_method');
  });

  it('opens the 3-D Secure challenge in a modal that keeps the focus; completing it pays', async () => {
    const pi = await paymentIntent();
    await mount(pi.client_secret!);
    await fill({ number: '4000002760003184' });
    const result = confirm();
    const challenge = page.frameLocator('iframe[title="Authenticate your payment"]');
    await expect.poll(() => challenge.getByText('$19.99').isVisible()).toBe(true);
    // The challenge's first choice has the focus, and tabbing on never reaches the page beneath (it may
    // pass the browser's own controls, the page's body meanwhile).
    await expect.poll(() => challenge.locator(':focus').textContent()).toBe('Complete authentication');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(IFRAME|BODY)$/);
    }
    await screenshot('stripe-js-3ds-challenge-desktop-en');
    await authenticate('Complete authentication');
    expect((await result).paymentIntent).toMatchObject({ id: pi.id, status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('answers a failed or abandoned (Escape) challenge as payment_intent_authentication_failure', async () => {
    for (const answer of ['Fail authentication', 'Escape', 'Escape on the page'] as const) {
      await mount((await paymentIntent()).client_secret!);
      await fill({ number: '4000002760003184' });
      const result = confirm();
      await authenticate(answer);
      const { error } = await result;
      expect(error, answer).toMatchObject({
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        payment_intent: { status: 'requires_payment_method' },
      });
    }
  });

  it('sets up a card with confirmSetup, through its challenge', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      automatic_payment_methods: { enabled: true },
    });
    await mount(setup.client_secret!);
    await fill({ number: '4000002760003184' });
    const result = confirm('confirmSetup');
    await expect
      .poll(() => page.frameLocator('iframe').getByText('none (a card set up for later)').isVisible())
      .toBe(true);
    await authenticate('Complete authentication');
    expect((await result).setupIntent).toMatchObject({ id: setup.id, status: 'succeeded' });
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((method) => method.card?.last4)).toEqual(['3184']);
  });

  it('brings a customer back on session: confirmCardPayment with the saved card, through its challenge', async () => {
    const customer = await stripe.customers.create({ email: 'renewal@example.com' });
    const card = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: customer.id,
    });
    const renewal = await stripe.paymentIntents
      .create({
        amount: 500,
        currency: 'usd',
        customer: customer.id,
        payment_method: card.id,
        off_session: true,
        confirm: true,
      })
      .catch((error) => error.raw.payment_intent as Stripe.PaymentIntent);
    expect(renewal.last_payment_error?.code).toBe('authentication_required');
    const result = page.evaluate(
      ([secret, method]) => (window as any).stripe.confirmCardPayment(secret, { payment_method: method }),
      [renewal.client_secret!, card.id] as const,
    );
    await authenticate('Complete authentication');
    expect((await result).paymentIntent).toMatchObject({ id: renewal.id, status: 'succeeded' });
  });

  it('speaks Chinese for zh, leaves out the postal code when asked, and fits a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await mount((await paymentIntent()).client_secret!, 'zh-CN', {
        fields: { billingDetails: { address: 'never' } },
      });
      await expect.poll(() => page.getByLabel('卡号').isVisible()).toBe(true);
      expect(await page.getByLabel('有效期').isVisible()).toBe(true);
      expect(await page.getByLabel('安全码').isVisible()).toBe(true);
      expect(await page.getByLabel('邮政编码').count()).toBe(0);
      const { error } = await page.evaluate(() => (window as any).elements.submit());
      expect(error.message).toBe('您的卡号不完整。');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot('stripe-js-card-errors-mobile-zh');
    } finally {
      await page.setViewportSize({ width: 1024, height: 768 });
    }
  });

  // Last: it leaves the page for the React shop.
  it('works under @stripe/react-stripe-js in StrictMode: one form, ready, themed, and Enter pays', async () => {
    await page.goto(`${shopUrl}/react`);
    await page.waitForFunction(() => (window as any).renderCheckout);
    const pi = await paymentIntent();
    await page.evaluate((secret) => (window as any).renderCheckout(secret), pi.client_secret!);
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('ready');
    expect(await page.getByLabel('Card number').count()).toBe(1);
    const primary = await page
      .getByLabel('Card number')
      .evaluate((input) => getComputedStyle(input).getPropertyValue('--primary'));
    expect(primary).toBe('#7c3aed');
    await fill({ number: '4242424242424242' });
    // The element's change event crosses the frame and a React render before the status reads it.
    await expect.poll(() => status.textContent()).toBe('complete');
    await page.getByLabel('Postal code').press('Enter');
    await expect.poll(() => status.textContent()).toBe('paid: succeeded');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });
});
