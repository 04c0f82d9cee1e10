import { interpolate, type Locale } from '@kiosk/core';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import { consoleMessages } from '@kiosk/core/i18n/console';
import { developerAppsMessages } from '@kiosk/core/i18n/developer-apps';
import { developerMessages } from '@kiosk/core/i18n/developer';
import { joinMessages } from '@kiosk/core/i18n/join';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn } from '@kiosk/testkit';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

/**
 * Joining as a developer in a real browser (issue 12 item 7, docs/identity.md "Joining as a
 * developer"): a new user asks at /join with the terms ticked, the admin approves in /console/apps,
 * and the user, now a developer, reaches /developer/apps. At desktop and phone width, in en and zh.
 * Then an editor's connection (docs/identity.md §4) approved at /connect-studio gives it a token.
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
});

const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

/**
 * How the consoles name a user who set no name (the kit's shortDid with its method): the account part
 * of the DID cut to `head` and `tail` characters. The join requests keep 0x and 4, and 4
 * (`did:pkh:eip155:1:0x5b38…ddc4`), the developers list 0x and 8, and 8 (DevelopersSection's
 * developerName).
 */
function shortDid(did: string, head: number, tail: number) {
  const at = did.lastIndexOf(':');
  const account = did.slice(at + 1);
  return `${did.slice(0, at + 1)}${account.slice(0, head)}…${account.slice(-tail)}`;
}

async function signInBrowser(context: BrowserContext, client: { cookie: string }) {
  const [name, ...value] = client.cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: harness.server.url }]);
}

/** The app's own text for `locale`: the first load's catalogs and the screens' groups. */
function textsOf(locale: Locale) {
  const texts: Record<string, string> = {
    ...catalogs[locale],
    ...joinMessages[locale],
    ...consoleMessages[locale],
    ...developerMessages[locale],
    ...developerAppsMessages[locale],
  };
  return (key: string, params?: Record<string, string>) => {
    expect(texts, `the message ${key}`).toHaveProperty([key]);
    return interpolate(texts[key]!, params);
  };
}

describe('joining as a developer in a real browser', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const locale of ['en', 'zh'] as const satisfies Locale[]) {
      it(`a user asks with the terms ticked, an admin approves, the user reaches their apps, at ${viewport} width in ${locale}`, async () => {
        const t = textsOf(locale);
        const browserLocale = locale === 'zh' ? 'zh-CN' : 'en-US';
        const wallet = TestWallet.random();
        const user = await signedIn(harness.server, wallet);
        const did = didOf(wallet);

        // /join: the form refuses to send before the terms are ticked.
        const mine = await harness.open({ viewport, locale: browserLocale });
        await signInBrowser(mine.context, user);
        const joinPage = mine.page;
        const asked: string[] = [];
        joinPage.on('request', (request) => {
          if (
            request.method() === 'POST' &&
            new URL(request.url()).pathname === '/api/developer/join-requests'
          )
            asked.push(request.url());
        });
        await joinPage.goto('/join');
        const join = joinPage.getByRole('region', { name: t('page.screen.join') });
        await join.getByRole('heading', { level: 1, name: t('page.screen.join') }).waitFor();
        await join.getByRole('heading', { level: 2, name: t('join.terms.title') }).waitFor();
        const agree = join.getByRole('checkbox', { name: t('join.agree') });
        await join.getByRole('button', { name: t('join.submit') }).click();
        await join.getByText(t('validation.termsRequired'), { exact: true }).waitFor();
        expect(await agree.getAttribute('aria-invalid')).toBe('true');
        expect(await agree.isChecked()).toBe(false);
        expect(asked).toEqual([]);
        expect((await user.request('/api/developer/join-requests/mine')).body).toBeNull();

        // Ticked and sent: the request waits for an admin.
        await agree.check();
        await join.getByRole('button', { name: t('join.submit') }).click();
        await join.getByRole('heading', { level: 2, name: t('join.pending.title') }).waitFor();
        await join.getByRole('button', { name: t('join.withdraw') }).waitFor();
        expect(asked).toHaveLength(1);
        const pending = await user.request('/api/developer/join-requests/mine');
        expect(pending.body).toMatchObject({ did, status: 'pending' });

        // The admin's console: the request, found by the user's DID, approved.
        const admin = await harness.open({ viewport, locale: browserLocale });
        await signInBrowser(admin.context, owner);
        const consolePage = admin.page;
        await consolePage.goto('/console/apps');
        await consolePage.getByRole('heading', { level: 1, name: t('page.screen.consoleApps') }).waitFor();
        const requests = consolePage.getByRole('region', { name: t('join.console.title') });
        const requestName = shortDid(did, 6, 4);
        const approve = requests.getByRole('button', {
          name: t('join.console.approveNamed', { name: requestName }),
          exact: true,
        });
        await approve.click();
        await requests
          .getByRole('status')
          .getByText(t('join.console.approved', { name: requestName }), { exact: true })
          .waitFor();
        // Gone from the waiting list (no one else waits), there among the developers.
        await expect.poll(() => approve.count()).toBe(0);
        await requests.getByText(t('join.console.empty'), { exact: true }).waitFor();
        const developers = consolePage.getByRole('region', { name: t('console.developers.title') });
        await developers
          .getByRole('button', {
            name: t('console.developers.revokeNamed', { name: shortDid(did, 10, 8) }),
            exact: true,
          })
          .waitFor();
        expect(await developers.getByText(did, { exact: true }).count()).toBe(1);
        expect((await user.request('/api/developer/join-requests/mine')).body).toMatchObject({
          status: 'approved',
        });
        await admin.context.close();

        // The user, read again: a developer, with the way to their apps.
        await joinPage.reload();
        await join.getByRole('heading', { level: 2, name: t('join.developer.title') }).waitFor();
        const apps = join.getByRole('link', { name: t('join.link.apps'), exact: true });
        expect(await apps.getAttribute('href')).toBe('/developer/apps');
        expect(
          await join.getByRole('link', { name: t('join.link.tokens'), exact: true }).getAttribute('href'),
        ).toBe('/developer/access-tokens');
        await harness.screenshot(joinPage, `join-developer-${viewport}-${locale}`);
        await apps.click();
        await joinPage
          .getByRole('heading', { level: 1, name: t('page.screen.developerApps'), exact: true })
          .waitFor();
        expect(new URL(joinPage.url()).pathname).toBe('/developer/apps');
        // The list itself answered (a refused call would show the table's error, not the hint).
        await joinPage.getByText(t('developerApps.empty'), { exact: true }).waitFor();
        await mine.context.close();
      });
    }
  }
});

describe('connecting an editor in a real browser', () => {
  it('a developer approves a studio connection at /connect-studio and the editor redeems a working token', async () => {
    const t = textsOf('en');
    const wallet = TestWallet.random();
    await signedIn(harness.server, wallet);
    const did = didOf(wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did, role: 'developer' },
    });
    expect(granted.status).toBe(201);
    const developer = await signedIn(harness.server, wallet);

    // The editor opens a connection, with no account of its own.
    const editor = cookieClient(harness.server.url);
    const opened = await editor.request('/api/connect-cli', {
      method: 'POST',
      body: { client: 'studio', source: 'VS Code' },
    });
    expect(opened.status).toBe(201);
    const approveUrl = new URL(opened.body.approve_url);
    expect(approveUrl.pathname).toBe('/connect-studio');
    expect(approveUrl.searchParams.get('id')).toBe(opened.body.id);

    // The developer, signed in in the browser, sees who asks and approves.
    const { context, page } = await harness.open();
    await signInBrowser(context, developer);
    await page.goto(`${approveUrl.pathname}${approveUrl.search}`);
    const connect = page.getByRole('region', { name: t('page.screen.connectStudio') });
    await connect
      .getByRole('heading', { level: 1, name: t('page.screen.connectStudio'), exact: true })
      .waitFor();
    await connect
      .getByRole('heading', {
        level: 2,
        name: t('developer.connectStudio.asks', { source: 'VS Code' }),
        exact: true,
      })
      .waitFor();
    await connect.getByRole('button', { name: t('developer.connectCli.approve'), exact: true }).click();
    await connect
      .getByRole('heading', { level: 2, name: t('developer.connectStudio.approved'), exact: true })
      .waitFor();
    await harness.screenshot(page, 'connect-studio-approved');
    await context.close();

    // The editor redeems its token once; the token acts as the developer.
    const redeemed = await editor.request(`/api/connect-cli/${opened.body.id}/redeem`, {
      method: 'POST',
      body: { secret: opened.body.secret },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      status: 'redeemed',
      token: { scope: 'all', permission: 'publish' },
    });
    const whoami = await editor.request('/api/developer/whoami', {
      headers: { authorization: `Bearer ${redeemed.body.token.secret}` },
    });
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({ did, token: { id: redeemed.body.token.id, scope: 'all' } });
    expect(whoami.body.roles).toContain('developer');
  });
});
