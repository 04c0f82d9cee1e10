import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness({ KIOSK_TEST_WALLET: 'true' });
});
afterAll(() => harness?.close());

describe('signing in with the test wallet in a real browser', () => {
  it('signs in from a protected page, lands back on it, sees its passports, and signs out to /', async () => {
    const { context, page } = await harness.open();
    await page.goto('/profile');
    const dialog = page.getByRole('dialog', { name: 'Sign in to Kiosk' });
    await dialog.waitFor();
    await dialog.getByAltText(/QR/i).waitFor();
    await harness.screenshot(page, 'sign-in-dialog-desktop-en');

    await dialog.getByRole('button', { name: 'Test wallet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/profile');

    // The first user of an empty instance is its owner, and every user is a member.
    const did = `did:pkh:eip155:1:${new TestWallet({ index: 0 }).address.toLowerCase()}`;
    await page.getByText(did).first().waitFor();
    await page.getByText('Owner', { exact: true }).waitFor();
    await page.getByText('Member', { exact: true }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'kiosk_session')?.httpOnly).toBe(true);
    await harness.screenshot(page, 'profile-desktop-en');

    // An owner may enter the console.
    await page.goto('/console/apps');
    expect(await page.getByText('Sorry, you are not authorized to access this page.').count()).toBe(0);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'kiosk_session')).toBeUndefined();
    await context.close();
  });

  it('shows the 403 page to a signed-in member on a console page, in zh on mobile', async () => {
    const { context, page } = await harness.open({ viewport: 'mobile', locale: 'zh-CN' });
    // A second account signs in through the page's own connect dialog.
    await page.goto('/console/apps');
    const dialog = page.getByRole('dialog', { name: '登录 Kiosk' });
    await dialog.waitFor();
    await harness.screenshot(page, 'sign-in-dialog-mobile-zh');
    const token = await page.evaluate(async () => {
      const response = await fetch('/api/did/login/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { token, secret } = (await response.json()) as { token: string; secret: string };
      await fetch('/api/test-wallet/connect', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, account_index: 1 }),
      });
      await fetch(`/api/did/login/status?_t_=${token}&secret=${secret}`);
      return token;
    });
    expect(token).toBeTruthy();
    await page.reload();
    await page.getByText('抱歉，您无权访问此页面。').waitFor();
    await harness.screenshot(page, 'forbidden-mobile-zh');
    await context.close();
  });
});
