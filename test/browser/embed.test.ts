import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoHarness } from './harness.ts';
import { startExampleShop, type ExampleShop } from './example-shop.ts';

/**
 * The example shop (examples/embed-checkout) on its own origin embeds Kiosk's checkout from
 * `/embed/checkout.js`, with an authToken its back end minted; the buyer pays without leaving it.
 */

let harness: DemoHarness;
let shop: ExampleShop;
let shopUrl: string;

beforeAll(async () => {
  shop = await startExampleShop();
  ({ harness, url: shopUrl } = shop);
});
afterAll(() => shop?.close());

describe('the checkout embedded in a page on another origin', () => {
  it('loads from Kiosk, edits the order, and pays as the buyer the authToken names', async () => {
    const { context, page } = await harness.open();
    const kioskRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(harness.server.url)) kioskRequests.push(request.url());
    });
    await page.goto(shopUrl);
    expect(new URL(page.url()).origin).not.toBe(harness.server.url);
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await checkout.locator('[data-layout="inline"]').waitFor();
    // The host's own text and fonts stay; the form is Kiosk's.
    await page.getByRole('heading', { name: 'Check out without leaving the shop' }).waitFor();
    await harness.screenshot(page, 'embed-inline-desktop-en');

    await checkout.getByRole('switch', { name: 'Switch to Bundle of 3 packs' }).click();
    await expect.poll(() => checkout.getByTestId('checkout-total').textContent()).toBe('12 KDT');
    await checkout.getByLabel('Name').fill('Grace Hopper');
    await checkout.getByLabel('Email').fill('grace@example.com');
    await checkout.getByRole('button', { name: 'Pay 12 KDT' }).click();
    await page
      .getByRole('dialog', { name: 'Pay 12 KDT' })
      .getByRole('button', { name: 'Test wallet' })
      .click();
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });
    // The host's onPaid callback ran.
    await expect.poll(() => page.title()).toMatch(/^Paid — cs_/);
    await harness.screenshot(page, 'embed-success-desktop-en');

    // Every call carried the authToken instead of a cookie, and no cookie of Kiosk's was set.
    const apiCalls = kioskRequests.filter((url) => new URL(url).pathname.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(3);
    for (const url of apiCalls) expect(new URL(url).searchParams.get('authToken'), url).toMatch(/^at_/);
    expect((await context.cookies(harness.server.url)).map((cookie) => cookie.name)).not.toContain(
      'kiosk_session',
    );
    const sessionId = (await page.title()).replace('Paid — ', '');
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({
      payment_status: 'paid',
      amount_total: '12000000',
      customer_did: 'did:pkh:eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    });
    await context.close();
  });
});
