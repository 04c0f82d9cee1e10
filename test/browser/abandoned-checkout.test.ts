import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * Issue 21 item 3, as the buyer met it on the demo store: closing the Tip jar's pay dialog left an
 * open "Manual invoice" with an amount due in the portal, and closing Kiosk Pro's authorise dialog an
 * incomplete subscription that "renews automatically". Nothing is owed until the buyer pays: the
 * portal lists no invoice, and the subscription awaits its first payment, with Complete payment (back
 * to its checkout) and Discard.
 */

let harness: DemoHarness;
beforeAll(async () => {
  harness = await startDemoHarness();
});
afterAll(() => harness?.close());

describe('an abandoned checkout', { timeout: 120_000 }, () => {
  it('a donation and a subscription left before paying owe nothing in the portal, and the subscription can be discarded', async () => {
    const { context, page, cspViolations } = await harness.open();
    await page.goto(`/checkout/pay/${harness.link('Tip jar')}`);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/checkout\/pay\/cs_/);
    const donationId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Accept' }).click();
    // A donation asks nobody to sign in: the pay dialog opens with what to send; the visitor closes it.
    await page.getByRole('button', { name: 'Donate 1 KDT' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay 1 KDT' });
    await pay.getByRole('button', { name: 'Test wallet' }).waitFor();
    await page.keyboard.press('Escape');
    await pay.waitFor({ state: 'hidden' });

    await page.goto(`/checkout/pay/${harness.link('Kiosk Pro')}`);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/checkout\/pay\/cs_/);
    const planCheckoutId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Connect and subscribe' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in to Kiosk' });
    await signIn.getByRole('button', { name: 'Test wallet' }).click();
    await signIn.waitFor({ state: 'hidden' });
    const form = page.getByRole('form');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    const authorise = page.getByRole('dialog', { name: 'Authorise your subscription' });
    await authorise.getByTestId('mandate-terms').waitFor();
    await page.keyboard.press('Escape');
    await authorise.waitFor({ state: 'hidden' });

    // The portal: no invoice at all (the donation is invoiced once it is paid), and the plan waits.
    await page.goto('/customer?livemode=false');
    await page.getByRole('heading', { level: 1, name: 'Subscriptions and invoices' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Kiosk Pro' });
    await card.getByText('Awaiting its first payment: nothing is owed until you pay').waitFor();
    await card.getByText('Incomplete').waitFor();
    await page.getByText('No invoices yet.').waitFor();
    for (const debt of ['Amount due', 'Manual invoice', 'Open', 'Renews automatically'])
      expect(await page.getByText(debt, { exact: true }).count()).toBe(0);
    await harness.screenshot(page, 'portal-abandoned-desktop-en');

    await card.getByRole('link').click();
    await page
      .getByTestId('subscription-schedule')
      .getByText(/^Awaiting its first payment/)
      .waitFor();
    const complete = page.getByRole('link', { name: 'Complete payment' });
    expect(await complete.getAttribute('href')).toBe(`/checkout/pay/${planCheckoutId}`);
    expect(await page.getByText('Renews automatically').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await harness.screenshot(page, 'portal-incomplete-subscription-desktop-en');

    await page.getByRole('button', { name: 'Discard' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard this subscription?' });
    await discard.getByRole('button', { name: 'Discard subscription' }).click();
    await page.getByText('Discarded: nothing is owed').waitFor();
    await page.getByText('Canceled', { exact: true }).waitFor();
    expect(await complete.count()).toBe(0);

    // The server agrees: nothing was invoiced, the donation's payment only waits, the plan is over.
    const donation = (await harness.merchant(`/api/checkout-sessions/${donationId}`)).body;
    expect(donation).toMatchObject({ status: 'open', payment_status: 'unpaid', invoice_id: null });
    expect((await harness.merchant(`/api/payment-intents/${donation.payment_intent_id}`)).body.status).toBe(
      'requires_action',
    );
    expect((await harness.merchant(`/api/invoices?customer_id=${donation.customer_id}`)).body.list).toEqual(
      [],
    );
    const plan = (await harness.merchant(`/api/checkout-sessions/${planCheckoutId}`)).body;
    expect(plan.status).toBe('expired');
    expect((await harness.merchant(`/api/subscriptions/${plan.subscription_id}`)).body.status).toBe(
      'canceled',
    );
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
