import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

describe('web shell in a real browser', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const locale of ['en', 'zh'] as const) {
      it(`renders at ${viewport} width in ${locale}`, async () => {
        const { context, page } = await harness.open({
          viewport,
          locale: locale === 'zh' ? 'zh-CN' : 'en-US',
        });
        await page.goto('/');
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
        await page.getByRole('banner').waitFor();
        const storeHome = locale === 'zh' ? 'Kiosk 应用商店' : 'Kiosk Store';
        await page.getByRole('heading', { level: 1, name: storeHome }).waitFor();
        // The cookie banner shows on a first visit outside an iframe.
        await page.getByRole('button', { name: locale === 'zh' ? '接受' : 'Accept' }).waitFor();
        if (viewport === 'mobile') {
          await page
            .getByRole('button', { name: locale === 'zh' ? '打开导航菜单' : 'Open navigation menu' })
            .waitFor();
        } else {
          await page.getByRole('link', { name: locale === 'zh' ? '开发者' : 'Developer' }).waitFor();
        }
        await harness.screenshot(page, `shell-${viewport}-${locale}`);
        await context.close();
      });
    }
  }

  it('switches language, remembers it in the nf_lang cookie, and keeps it after a reload', async () => {
    const { context, page } = await harness.open();
    await page.goto('/');
    await page.getByRole('button', { name: /Language: English/ }).click();
    await page.getByRole('menuitemradio', { name: '中文' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kiosk 应用商店' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'nf_lang')?.value).toBe('zh');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kiosk 应用商店' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh');
    await context.close();
  });

  it('stores cookie consent for 365 days and hides the banner', async () => {
    const { context, page } = await harness.open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept' }).click();
    const consent = (await context.cookies()).find((c) => c.name === 'CookieConsent');
    expect(consent).toBeDefined();
    const days = (consent!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Kiosk Store' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    await context.close();
  });

  it('sends unknown paths to the store home', async () => {
    const { context, page } = await harness.open();
    await page.goto('/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
