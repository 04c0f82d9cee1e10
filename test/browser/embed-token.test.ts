import type { Clock } from '@kiosk/platform';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoHarness } from './harness.ts';
import { startExampleShop, type ExampleShop } from './example-shop.ts';

/**
 * An embedded checkout outlives its 15-minute authToken: the example shop's page keeps reading the
 * session after the token lapsed, is told when Kiosk refuses it where the buyer is needed, hands the
 * form a fresh one from its back end, and the buyer pays without a reload or retyping anything.
 */

const BUYER_DID = 'did:pkh:eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN_LIFE_MINUTES = 15;

/** The wall clock, moved forward at will: the server's tokens lapse without a 15-minute wait. */
class MovableClock implements Clock {
  private aheadMs = 0;
  nowMs(): number {
    return Date.now() + this.aheadMs;
  }
  nowUnix(): number {
    return Math.floor(this.nowMs() / 1000);
  }
  advance(minutes: number): void {
    this.aheadMs += minutes * 60_000;
  }
}

interface KioskCall {
  method: string;
  path: string;
  token: string | null;
  status: number;
}

/** Every API answer the page got from Kiosk, with the authToken its call carried. */
function kioskCalls(page: Page, kioskUrl: string): KioskCall[] {
  const calls: KioskCall[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const method = response.request().method();
    if (url.origin !== kioskUrl || !url.pathname.startsWith('/api/') || method === 'OPTIONS') return;
    calls.push({
      method,
      path: url.pathname,
      token: url.searchParams.get('authToken'),
      status: response.status(),
    });
  });
  return calls;
}

const clock = new MovableClock();
let harness: DemoHarness;
let shop: ExampleShop;
let shopUrl: string;

beforeAll(async () => {
  shop = await startExampleShop({ clock });
  ({ harness, url: shopUrl } = shop);
});
afterAll(() => shop?.close());

/** The shop's page with its form showing, the order switched to the bundle and the buyer's details typed. */
async function filledCheckout() {
  const { context, page } = await harness.open();
  // The page's clock too moves when the buyer is away (it runs in real time until then).
  await context.clock.install();
  const calls = kioskCalls(page, harness.server.url);
  const freshTokenAsks: string[] = [];
  page.on('request', (request) => {
    if (request.url() === `${shopUrl}/auth-token`) freshTokenAsks.push(request.method());
  });
  await page.goto(shopUrl);
  const checkout = page.getByRole('region', { name: 'Checkout' });
  await checkout.locator('[data-layout="inline"]').waitFor();
  await checkout.getByRole('switch', { name: 'Switch to Bundle of 3 packs' }).click();
  await expect.poll(() => checkout.getByTestId('checkout-total').textContent()).toBe('12 KDT');
  await checkout.getByLabel('Name').fill('Grace Hopper');
  await checkout.getByLabel('Email').fill('grace@example.com');
  const firstToken = calls[0]!.token!;
  expect(firstToken).toMatch(/^at_/);
  return { context, page, checkout, calls, freshTokenAsks, firstToken };
}

/** The buyer leaves the page for longer than the token lives: the server's and the page's clocks move. */
async function buyerAwayPastTokenLife(page: Page) {
  clock.advance(TOKEN_LIFE_MINUTES + 1);
  await page.clock.fastForward(`${TOKEN_LIFE_MINUTES + 1}:00`);
}

describe('an embedded checkout whose authToken lapses', () => {
  it('keeps reading the session, takes a fresh token from the host, and pays as the buyer', async () => {
    const { context, page, checkout, calls, freshTokenAsks, firstToken } = await filledCheckout();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    const lapsed = calls.length;
    await buyerAwayPastTokenLife(page);
    // The buyer comes back to the tab: the form reads what may have changed meanwhile.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() =>
        calls.slice(lapsed).find((call) => call.path === '/api/customers/me' && call.status === 200),
      )
      .toBeTruthy();
    const afterLapse = calls.slice(lapsed);
    // Where anybody may look, the lapsed token is nobody: the session is still read.
    expect(afterLapse).toContainEqual({
      method: 'GET',
      path: expect.stringMatching(/^\/api\/checkout-sessions\/retrieve\/cs_/),
      token: firstToken,
      status: 200,
    });
    // Where the buyer is needed it is refused; the page asked its back end once for another.
    expect(afterLapse).toContainEqual({
      method: 'GET',
      path: '/api/customers/me',
      token: firstToken,
      status: 401,
    });
    expect(freshTokenAsks).toEqual(['POST']);
    const freshToken = afterLapse.find(
      (call) => call.path === '/api/customers/me' && call.status === 200,
    )!.token!;
    expect(freshToken).toMatch(/^at_/);
    expect(freshToken).not.toBe(firstToken);

    // Nothing the buyer chose or typed was lost.
    expect(await checkout.getByTestId('checkout-total').textContent()).toBe('12 KDT');
    expect(await checkout.getByLabel('Name').inputValue()).toBe('Grace Hopper');
    expect(await checkout.getByLabel('Email').inputValue()).toBe('grace@example.com');

    const refreshed = calls.length;
    await checkout.getByRole('button', { name: 'Pay 12 KDT' }).click();
    await page
      .getByRole('dialog', { name: 'Pay 12 KDT' })
      .getByRole('button', { name: 'Test wallet' })
      .click();
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.title()).toMatch(/^Paid — cs_/);

    const afterRefresh = calls.slice(refreshed);
    expect(afterRefresh).toContainEqual({
      method: 'PUT',
      path: expect.stringMatching(/\/submit$/),
      token: freshToken,
      status: 200,
    });
    // Every later call, the polling while paying and the pay dialog's socket carry the fresh token.
    expect(afterRefresh.filter((call) => call.path.includes('/retrieve/')).length).toBeGreaterThan(0);
    for (const call of afterRefresh) expect(call.token, `${call.method} ${call.path}`).toBe(freshToken);
    expect(sockets.length).toBeGreaterThan(0);
    for (const url of sockets) expect(new URL(url).searchParams.get('authToken')).toBe(freshToken);

    const sessionId = (await page.title()).replace('Paid — ', '');
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({
      payment_status: 'paid',
      amount_total: '12000000',
      customer_did: BUYER_DID,
    });
    const customer = (await harness.merchant(`/api/customers/${session.customer_id}`)).body;
    expect(customer).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
    await context.close();
  });

  it('sends the pay click Kiosk refused again once the host hands over a fresh token', async () => {
    const { context, page, checkout, calls, freshTokenAsks, firstToken } = await filledCheckout();
    const lapsed = calls.length;
    await buyerAwayPastTokenLife(page);

    await checkout.getByRole('button', { name: 'Pay 12 KDT' }).click();
    await page
      .getByRole('dialog', { name: 'Pay 12 KDT' })
      .getByRole('button', { name: 'Test wallet' })
      .waitFor();

    const submits = calls.slice(lapsed).filter((call) => call.path.endsWith('/submit'));
    expect(submits).toEqual([
      { method: 'PUT', path: expect.any(String), token: firstToken, status: 401 },
      { method: 'PUT', path: expect.any(String), token: expect.stringMatching(/^at_/), status: 200 },
    ]);
    expect(submits[1]!.token).not.toBe(firstToken);
    expect(freshTokenAsks).toEqual(['POST']);
    await context.close();
  });
});
