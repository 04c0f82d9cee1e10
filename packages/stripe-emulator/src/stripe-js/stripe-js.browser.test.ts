import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stripeJsSource, threeDSecureTemplate } from './source.ts';

/**
 * The Stripe.js stand-in in Debian's Chromium: a shop page (another origin) loads it from the emulator
 * as the checkout will, takes it through @stripe/stripe-js's loadStripe, mounts the Payment Element and
 * pays with Stripe's test cards.
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
const PK = 'pk_test_emulator_browser';
// Beside the other browser tests' screenshots (git-ignored), for a look at the form and the modal.
const SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/screenshots', import.meta.url));
const loadStripeModule = readFileSync(
  createRequire(import.meta.url).resolve('@stripe/stripe-js/dist/index.mjs'),
  'utf8',
);

// A stand-in for the emulator until startStripeEmulator lands: the few calls Stripe.js makes.
interface Intent {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  [field: string]: unknown;
}
const intents = new Map<string, Intent>();
const confirms: Record<string, string>[] = [];
let emulator: Server;
let origin = '';
let counter = 0;

function intent(amount = 1999): Intent {
  const id = `pi_test${++counter}`;
  const created = {
    id,
    client_secret: `${id}_secret_abc`,
    amount,
    currency: 'usd',
    status: 'requires_payment_method',
  };
  intents.set(id, created);
  return created;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function form(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
}

function confirm(pi: Intent, params: Record<string, string>): [number, unknown] {
  const number = params['payment_method_data[card][number]'];
  if (number === '4000000000009995') {
    pi.status = 'requires_payment_method';
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' };
    return [402, { error: { ...error, message: 'Your card has insufficient funds.', payment_intent: pi } }];
  }
  if (number === '4000002760003184') {
    pi.status = 'requires_action';
    const page = `${origin}/_emulator/3ds/${pi.id}?client_secret=${pi.client_secret}`;
    pi.next_action = {
      type: 'use_stripe_sdk',
      use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page },
    };
    return [200, pi];
  }
  pi.status = 'succeeded';
  return [200, pi];
}

async function answer(req: IncomingMessage): Promise<[number, unknown, string?]> {
  const url = new URL(req.url!, origin);
  const params = await form(req, url);
  if (url.pathname === '/v3/') return [200, stripeJsSource(), 'text/javascript; charset=utf-8'];
  const [, kind, id, action] = url.pathname.split('/').slice(1);
  if (kind === '3ds') {
    const pi = intents.get(id!)!;
    if (req.method === 'GET') {
      const values = {
        INTENT_ID: pi.id,
        CLIENT_SECRET: pi.client_secret,
        AMOUNT: pi.amount,
        CURRENCY: pi.currency,
      };
      const page = threeDSecureTemplate().replace(/\{\{(\w+)\}\}/g, (_, name: keyof typeof values) =>
        String(values[name]),
      );
      return [200, page, 'text/html; charset=utf-8'];
    }
    pi.status = params.result === 'complete' ? 'succeeded' : 'requires_payment_method';
    delete pi.next_action;
    return [200, pi];
  }
  const pi = intents.get(id!);
  if (params.key !== PK || !pi || params.client_secret !== pi.client_secret) return [401, { error: {} }];
  if (action === 'confirm') {
    confirms.push(params);
    return confirm(pi, params);
  }
  return [200, pi];
}

/**
 * The shop: another origin than the emulator's, on this machine (Chromium keeps public pages off
 * loopback), with a policy stricter than Kiosk's (no inline style) that allows the emulator as a page
 * allows js.stripe.com: scripts, API calls, frames.
 */
let shop: Server;
let browser: Browser;
let page: Page;
const warnings: string[] = [];

function shopFile(path: string | undefined): [string, string] {
  if (path === '/stripe-js.mjs') return ['text/javascript', loadStripeModule];
  if (path === '/shop.mjs') return ['text/javascript', shopScript];
  // No charset of its own: the script's text must be read as its Content-Type says (UTF-8).
  return [
    'text/html',
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"></head>
    <body><form id="checkout"><div id="payment"></div><button>Pay</button></form>
    <script src="${origin}/v3/"></script><script type="module" src="/shop.mjs"></script></body></html>`,
  ];
}

const shopScript = `
  import { loadStripe } from '/stripe-js.mjs';
  window.stripe = await loadStripe('${PK}');
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

beforeAll(async () => {
  emulator = createServer((req, res) => {
    void answer(req).then(([status, body, type = 'application/json']) => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  origin = `http://127.0.0.1:${await listen(emulator)}`;
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
  await page.goto(`http://localhost:${await listen(shop)}/`);
  await page.waitForFunction(() => (window as any).stripe);
}, 60_000);

afterEach(() => {
  expect(warnings.splice(0)).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => emulator?.close(resolve));
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

const confirmPayment = () =>
  page.evaluate(() => {
    const w = window as any;
    return w.stripe.confirmPayment({ elements: w.elements, redirect: 'if_required' });
  });

describe('the Stripe.js stand-in', () => {
  it('is taken by loadStripe as Stripe.js, with what the React bindings check, and no version warning', async () => {
    // afterEach: nothing warned about, nothing refused by the page's policy.
    const shape = await page.evaluate(() => {
      const stripe = (window as any).stripe;
      const calls = [
        'elements',
        'createToken',
        'createPaymentMethod',
        'confirmCardPayment',
        'confirmPayment',
      ];
      return [...calls, '_registerWrapper', 'registerAppInfo'].filter(
        (name) => typeof stripe[name] !== 'function',
      );
    });
    expect(shape).toEqual([]);
  });

  it('renders a labelled card form that groups the number, names the brand and reports its state', async () => {
    await mount(intent().client_secret);
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
    await mount(intent().client_secret);
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
      await mount(intent().client_secret);
      await fill(card);
      expect((await submit()).error?.code, code).toBe(code);
    }
    await mount(intent().client_secret);
    await fill({ number: '4242424242424242' });
    expect(await submit()).toEqual({ selectedPaymentMethod: 'card' });
  });

  it('confirms a payment with 4242: the card and postal code go form-encoded, the intent succeeds', async () => {
    const pi = intent();
    await mount(pi.client_secret);
    await fill({ number: '4242424242424242', postal: '10115' });
    const result = await confirmPayment();
    expect(result.paymentIntent).toMatchObject({ id: pi.id, status: 'succeeded' });
    expect(confirms.at(-1)).toMatchObject({
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '34',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][address][postal_code]': '10115',
      client_secret: pi.client_secret,
    });
  });

  it('answers a decline with the card error and its decline code', async () => {
    await mount(intent().client_secret);
    await fill({ number: '4000000000009995' });
    const { error } = await confirmPayment();
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(error.message).toBe('Your card has insufficient funds.');
  });

  it('opens the 3-D Secure challenge in a modal; completing it pays', async () => {
    const pi = intent();
    await mount(pi.client_secret);
    await fill({ number: '4000002760003184' });
    const result = confirmPayment();
    const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
    await dialog.waitFor();
    const challenge = page.frameLocator('iframe[title="Authenticate your payment"]');
    await expect.poll(() => challenge.getByText('$19.99').isVisible()).toBe(true);
    await screenshot('stripe-js-3ds-challenge-desktop-en');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    expect((await result).paymentIntent).toMatchObject({ id: pi.id, status: 'succeeded' });
    expect(await dialog.count()).toBe(0);
  });

  it('answers a failed or abandoned (Escape) challenge as payment_intent_authentication_failure', async () => {
    for (const leave of ['fail', 'escape'] as const) {
      await mount(intent().client_secret);
      await fill({ number: '4000002760003184' });
      const result = confirmPayment();
      const challenge = page.frameLocator('iframe[title="Authenticate your payment"]');
      const fail = challenge.getByRole('button', { name: 'Fail authentication' });
      await fail.waitFor();
      if (leave === 'fail') await fail.click();
      else await page.keyboard.press('Escape');
      const { error } = await result;
      expect(error, leave).toMatchObject({
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        payment_intent: { status: 'requires_payment_method' },
      });
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
  });

  it('speaks Chinese for zh, leaves out the postal code when asked, and fits a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      await mount(intent().client_secret, 'zh-CN', { fields: { billingDetails: { address: 'never' } } });
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
});
