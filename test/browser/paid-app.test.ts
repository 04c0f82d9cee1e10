import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, until, type DemoHarness } from './harness.ts';

/**
 * Buying an app as a new user (issue 24): the demo sells Pixel Paint for 2 KDT. The app page shows
 * the price and no download; Buy signs the visitor in with the test wallet and opens Kiosk Pay's
 * checkout on the page; once paid, the page says the app is theirs and offers the download, which
 * the server now serves them, and they may rate it. In English on a desktop, in Chinese on a phone.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    acceptCookies: 'Accept',
    buy: 'Buy Pixel Paint',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    name: 'Name',
    email: 'Email',
    pay: 'Pay 2 KDT',
    thanks: 'Thank you! Pixel Paint is yours.',
    download: 'Download 1.0.0',
    open: 'Open Pixel Paint in a new tab',
    yourRating: 'Your rating',
    fourStars: '4 stars',
    fiveStars: '5 stars',
    averageFour: '4 out of 5',
    average: '5 out of 5',
    purchases: 'Purchases',
    ratings: 'New ratings',
    purchasesTotal: 'Purchases: 1 in 30 days',
    ratingsTotal: 'New ratings: 1 in 30 days',
    comments: 'Comments',
    writeComment: 'Write a comment',
    post: 'Post',
    comment: 'Works offline, **great** for sketches.',
  },
  zh: {
    locale: 'zh-CN',
    acceptCookies: '接受',
    buy: '购买 Pixel Paint',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    name: '姓名',
    email: '邮箱',
    pay: '支付 2 KDT',
    thanks: '感谢购买！Pixel Paint 已归你所有。',
    download: '下载 1.0.0',
    open: '在新标签页中打开 Pixel Paint',
    yourRating: '您的评分',
    fourStars: '4 星',
    fiveStars: '5 星',
    averageFour: '4 分（满分 5 分）',
    average: '5 分（满分 5 分）',
    purchases: '购买次数',
    ratings: '新评分',
    purchasesTotal: '购买次数：30 天共 1',
    ratingsTotal: '新评分：30 天共 1',
    comments: '评论',
    writeComment: '写评论',
    post: '发布',
    comment: '离线也能用，画草图**很好用**。',
  },
} as const;

describe.each(['en', 'zh'] as const)('buying a paid app as a new user, in %s', (language) => {
  const text = TEXT[language];
  const viewport = language === 'en' ? 'desktop' : 'mobile';
  let harness: DemoHarness;
  beforeAll(async () => {
    harness = await startDemoHarness();
  });
  afterAll(() => harness?.close());

  it('sees the price, buys with the test wallet on the page, owns, downloads, launches, rates and comments', async () => {
    const { demo } = harness;
    if (demo.paidApp.outcome !== 'ready') throw new Error(`no paid demo app: ${demo.paidApp.reason}`);
    const path = new URL(demo.paidApp.url).pathname;
    const did = decodeURIComponent(path.split('/').pop()!);
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    await page.goto(path);
    await page.getByRole('button', { name: text.acceptCookies }).click();
    await page.getByText('2 KDT', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: text.download }).count()).toBe(0);
    await harness.screenshot(page, `paid-app-${viewport}-${language}`);

    await page.getByRole('button', { name: text.buy }).click();
    const signIn = page.getByRole('dialog', { name: text.signIn });
    await signIn.getByRole('button', { name: text.testWallet }).click();
    await signIn.waitFor({ state: 'hidden' });

    const checkout = page.getByRole('dialog', { name: text.buy });
    await checkout.getByLabel(text.name).fill('Grace Hopper');
    await checkout.getByLabel(text.email).fill('grace@example.com');
    await harness.screenshot(page, `paid-app-checkout-${viewport}-${language}`);
    await checkout.getByRole('button', { name: text.pay }).click();
    await page.getByRole('dialog', { name: text.pay }).getByRole('button', { name: text.testWallet }).click();

    // Kiosk Pay's event makes the sale; the page hears it and thanks the buyer.
    await page.getByText(text.thanks).waitFor({ timeout: 30_000 });
    const download = page.getByRole('link', { name: text.download });
    await download.waitFor();
    await harness.screenshot(page, `paid-app-owned-${viewport}-${language}`);
    const bundle = await page.request.get(new URL((await download.getAttribute('href'))!, page.url()).href);
    expect(bundle.status()).toBe(200);
    expect((await bundle.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // a gzip tarball

    // A buyer may rate it now: the page asked again.
    const stars = page.getByRole('radiogroup', { name: text.yourRating });
    // As most people do: a click (a tap on the phone) on the fourth star's icon.
    const fourth = stars.locator('label').filter({ hasText: text.fourStars });
    await (viewport === 'mobile' ? fourth.tap() : fourth.click());
    await page.getByText(text.averageFour).waitFor();
    // And with the keyboard, as the stars are operable: the fifth one chosen with Space.
    await stars.getByRole('radio', { name: text.fiveStars }).focus();
    await page.keyboard.press('Space');
    await page.getByText(text.average).waitFor();

    const buyer = (await (await page.request.get('/api/session')).json()).user.did as string;

    // Launch: the app opens in a new tab from the apps origin, and its script reaches nothing of the
    // store's: not its cookies, not its API with the buyer's session (the test is the app's script).
    const [launched] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: text.open }).click(),
    ]);
    await launched.getByRole('heading', { name: 'Pixel Paint' }).waitFor();
    expect(new URL(launched.url()).hostname).toBe('apps.localhost');
    const tried = await launched.evaluate(
      async ({ store, did }) => {
        const attempt = async (run: () => Promise<unknown>) => {
          try {
            return await run();
          } catch {
            return 'refused';
          }
        };
        return {
          cookie: await attempt(async () => document.cookie),
          storage: await attempt(async () => localStorage.length),
          session: await attempt(
            async () => (await fetch(`${store}/api/session`, { credentials: 'include' })).status,
          ),
          rating: await attempt(
            async () =>
              (
                await fetch(`${store}/api/apps/${did}/rating`, {
                  method: 'PUT',
                  credentials: 'include',
                  mode: 'no-cors',
                  headers: { 'content-type': 'text/plain' },
                  body: '{"score":1}',
                })
              ).type,
          ),
          user: await attempt(async () => (await (await fetch('~kiosk/launch.json')).json()).user),
        };
      },
      { store: harness.server.url, did },
    );
    expect(tried).toEqual({
      cookie: 'refused',
      storage: 'refused',
      session: 'refused',
      rating: 'refused',
      user: buyer,
    });
    await launched.close();
    await page.reload();
    await page.getByText(text.average).waitFor();

    // And comments, in Markdown rendered as such (never as raw HTML).
    const comments = page.getByRole('region', { name: text.comments });
    await comments.getByRole('textbox', { name: text.writeComment }).fill(text.comment);
    await comments.getByRole('button', { name: text.post }).click();
    const bold = text.comment.match(/\*\*(.+)\*\*/)![1]!;
    await comments.locator('strong', { hasText: bold }).waitFor();
    const listed = (await (
      await page.request.get(`/api/apps/${encodeURIComponent(did)}/comments`)
    ).json()) as {
      list: { body: string }[];
    };
    expect(listed.list.map((comment) => comment.body)).toContain(text.comment);

    // The store agrees, and recorded the sale once with both shares.
    const verified = await until(
      async () => (await harness.merchant(`/api/apps/${did}/purchases/verify?user=${buyer}`)).body,
      (answer) => answer.valid,
    );
    expect(verified.purchase).toMatchObject({
      amount: '2000000',
      store_amount: '600000',
      developer_amount: '1400000',
    });
    expect(cspViolations).toEqual([]);
    await context.close();

    // The developer (the demo's owner publishes its apps) sees the sale and the rating in the app's analytics.
    const developer = await harness.open({ viewport, locale: text.locale });
    await developer.context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
    await developer.page.goto(new URL(harness.demo.owner.signInUrl).pathname);
    await developer.page.goto(`/developer/apps?app=${encodeURIComponent(did)}`);
    const panel = developer.page.getByRole('dialog', { name: 'Pixel Paint' });
    await panel.getByRole('button', { name: text.purchases }).click();
    await panel.getByText(text.purchasesTotal).waitFor();
    await panel.getByRole('button', { name: text.ratings }).click();
    await panel.getByText(text.ratingsTotal).waitFor();
    await harness.screenshot(developer.page, `paid-app-analytics-${viewport}-${language}`);
    await developer.context.close();
  });
});
