import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * The store front as a visitor finds it on the demo (issue 12 item 9): the home with the demo's
 * three published apps, a search typed into the box, an app's page and its bundle's download.
 */

let harness: DemoHarness;
beforeAll(async () => {
  harness = await startDemoHarness();
}, 120_000);
afterAll(() => harness?.close());

const text = {
  en: {
    home: 'Kiosk Store',
    search: 'Search apps',
    results: 'Results for “pock”',
    download: 'Download 1.0.0',
  },
  zh: { home: 'Kiosk 应用商店', search: '搜索应用', results: '“pock”的搜索结果', download: '下载 1.0.0' },
};

describe('store front in a real browser', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const locale of ['en', 'zh'] as const) {
      it(`browses, searches and opens an app at ${viewport} width in ${locale}`, async () => {
        const t = text[locale];
        const { context, page } = await harness.open({
          viewport,
          locale: locale === 'zh' ? 'zh-CN' : 'en-US',
        });
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: t.home }).waitFor();
        // The demo's apps, in the home's sections.
        await page.getByRole('link', { name: 'Weather Board' }).first().waitFor();
        await page.getByRole('link', { name: 'Pixel Paint' }).first().waitFor();

        const box = page.getByRole('search', { name: t.search }).locator('input');
        await box.fill('pock');
        await box.press('Enter');
        await page.getByRole('heading', { level: 1, name: t.results }).waitFor();
        expect(new URL(page.url()).searchParams.get('q')).toBe('pock');
        await page.getByRole('link', { name: 'Pocket Notes' }).waitFor();
        expect(await page.getByRole('link', { name: 'Weather Board' }).count()).toBe(0);
        await harness.screenshot(page, `store-search-${viewport}-${locale}`);

        await page.getByRole('link', { name: 'Pocket Notes' }).click();
        await page.getByRole('heading', { level: 1, name: 'Pocket Notes' }).waitFor();
        const download = page.getByRole('link', { name: t.download });
        const href = await download.getAttribute('href');
        expect(href).toMatch(/^\/api\/apps\/.+\/1\.0\.0\/.+-1\.0\.0\.tgz$/);
        const bundle = await page.request.get(href!);
        expect(bundle.status()).toBe(200);
        expect(bundle.headers()['content-type']).toMatch(/gzip/);
        await harness.screenshot(page, `store-app-${viewport}-${locale}`);
        await context.close();
      });
    }
  }
});
