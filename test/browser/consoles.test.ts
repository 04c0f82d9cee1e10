import { readFile } from 'node:fs/promises';
import { interpolate, type Locale } from '@kiosk/core';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import { consoleMessages } from '@kiosk/core/i18n/console';
import { developerAppsMessages } from '@kiosk/core/i18n/developer-apps';
import { makeApp, packAndSign, removeTempDirs, uniqueAppName } from '@kiosk/bundle/test-fixtures';
import { TestWallet } from '@kiosk/test-wallet';
import { signedIn } from '@kiosk/testkit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, VIEWPORTS, type BrowserHarness } from './harness.ts';

/**
 * The store's consoles in a real browser (issue 12 items 7, 8): an admin reviews and approves a
 * version waiting in /console/apps and adds a category in /console/categories; the developer sees the
 * approved version in /developer/apps and publishes it. At desktop and phone width, in en and zh.
 */

let harness: BrowserHarness;
let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  harness = await startBrowserHarness();
  // The first account to sign in owns the instance: the admin here.
  owner = await signedIn(harness.server, TestWallet.random());
});
afterAll(async () => {
  await harness?.close();
  await removeTempDirs();
});

async function newDeveloper() {
  const wallet = TestWallet.random();
  await signedIn(harness.server, wallet);
  const did = `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
  const granted = await owner.request('/api/passports', { method: 'POST', body: { did, role: 'developer' } });
  expect(granted.status).toBe(201);
  return signedIn(harness.server, wallet);
}

/** A new app's 1.0.0, uploaded by `developer` and waiting for review. */
async function pendingApp(developer: { cookie: string }, title: string) {
  const name = uniqueAppName('console');
  const { file, release } = await packAndSign(await makeApp({ metadata: { name, title } }));
  const response = await fetch(
    `${harness.server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release, request_review: '1' })}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
      body: await readFile(file),
    },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { app: { did: string } }).app.did;
}

async function signInBrowser(context: BrowserContext, client: { cookie: string }) {
  const [name, ...value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: harness.server.url }]);
}

/** Issue 24 item 8: every console screen fits the viewport (a 390 px phone too): nothing scrolls sideways. */
async function expectFits(page: Page, viewport: keyof typeof VIEWPORTS, screen: string) {
  const limit = VIEWPORTS[viewport].width;
  const { width, widest } = await page.evaluate((limit) => {
    // The element reaching furthest past the edge (the innermost of equals) names the culprit.
    let last: Element | undefined;
    for (const element of document.querySelectorAll('body *')) {
      const right = element.getBoundingClientRect().right;
      if (right > limit + 1 && right >= (last?.getBoundingClientRect().right ?? 0)) last = element;
    }
    return {
      width: document.documentElement.scrollWidth,
      widest: last ? `${last.tagName} "${last.textContent?.slice(0, 60)}"` : '',
    };
  }, limit);
  expect(width, `${screen} at ${viewport} width: ${widest}`).toBeLessThanOrEqual(limit);
}

describe('the store consoles in a real browser', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const locale of ['en', 'zh'] as const satisfies Locale[]) {
      it(`an admin approves and files, the developer publishes, at ${viewport} width in ${locale}`, async () => {
        // The app's own text: the first load's catalogs and the consoles' groups.
        const texts: Record<string, string> = {
          ...catalogs[locale],
          ...consoleMessages[locale],
          ...developerAppsMessages[locale],
        };
        const t = (key: string, params?: Record<string, string>) => interpolate(texts[key] ?? key, params);
        const developer = await newDeveloper();
        const title = `Tide Clock ${viewport} ${locale}`;
        const did = await pendingApp(developer, title);

        // The admin's console: the version waits in the queue; start the review, then approve.
        const admin = await harness.open({ viewport, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
        await signInBrowser(admin.context, owner);
        const page = admin.page;
        await page.goto('/console/apps');
        await page.getByRole('heading', { level: 1, name: t('page.screen.consoleApps') }).waitFor();
        await page
          .getByRole('button', { name: t('console.reviews.openNamed', { title, version: '1.0.0' }) })
          .click();
        const panel = page.getByRole('dialog');
        await panel.getByRole('button', { name: t('console.review.do.startReview') }).click();
        await panel.getByText(t('console.review.done.startReview')).waitFor();
        await panel.getByRole('button', { name: t('console.review.do.approve') }).click();
        await panel.getByText(t('console.review.done.approve')).waitFor();
        await harness.screenshot(page, `console-review-${viewport}-${locale}`);
        await page.keyboard.press('Escape');
        await expectFits(page, viewport, '/console/apps');

        // Categories: a new one, with its Chinese name.
        const category = `Tides ${viewport} ${locale}`;
        await page.goto('/console/categories');
        await page.getByRole('heading', { level: 1, name: t('page.screen.consoleCategories') }).waitFor();
        await page.getByRole('button', { name: t('console.categories.add') }).click();
        const form = page.getByRole('dialog');
        await form.getByLabel(t('console.categories.name'), { exact: false }).first().fill(category);
        await form.getByLabel(t('console.categories.zhName'), { exact: false }).fill('潮汐');
        await form.getByRole('button', { name: t('console.categories.create') }).click();
        await page.getByText(category).first().waitFor();
        await harness.screenshot(page, `console-categories-${viewport}-${locale}`);
        await expectFits(page, viewport, '/console/categories');
        // The other console screens, as an admin first opens them: their tables and charts fit too.
        await page.goto('/console/analytics');
        await page.getByRole('heading', { level: 1, name: t('page.screen.consoleAnalytics') }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectFits(page, viewport, '/console/analytics');
        await page.goto('/console/comments');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        await expectFits(page, viewport, '/console/comments');
        await admin.context.close();

        // The developer's console: the approved version, published from the app's panel.
        const mine = await harness.open({ viewport, locale: locale === 'zh' ? 'zh-CN' : 'en-US' });
        await signInBrowser(mine.context, developer);
        await mine.page.goto('/developer/apps');
        await mine.page.getByRole('heading', { level: 1, name: t('page.screen.developerApps') }).waitFor();
        await mine.page.getByText(t('store.review.status.approved')).first().waitFor();
        await mine.page.getByRole('button', { name: t('developerApps.manageNamed', { title }) }).click();
        await mine.page
          .getByRole('dialog')
          .getByRole('button', { name: t('developerApps.publish') })
          .click();
        await expect
          .poll(
            async () => (await fetch(`${harness.server.url}/api/apps/${did}`).then((r) => r.json())).version,
          )
          .toBe('1.0.0');
        await harness.screenshot(mine.page, `developer-apps-${viewport}-${locale}`);
        await mine.page.keyboard.press('Escape');
        await expectFits(mine.page, viewport, '/developer/apps');
        await mine.page.goto('/developer/access-tokens');
        await mine.page.getByRole('heading', { level: 1, name: t('page.screen.accessTokens') }).waitFor();
        await mine.page.waitForLoadState('networkidle');
        await expectFits(mine.page, viewport, '/developer/access-tokens');
        await mine.context.close();
      });
    }
  }
});
