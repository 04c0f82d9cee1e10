import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoHarness } from './harness.ts';
import { startExampleShop, type ExampleShop } from './example-shop.ts';

/**
 * Issue 25's donate widget as a stranger meets it on a host page of another origin (the example
 * shop's /support): the shop's back end made the donation with POST /api/donations; a visitor who
 * never signed in presses Donate, gives from a wallet (the demo's test wallet, account 0), reads the
 * thanks, and the dialog closes itself with the visitor counted among the supporters.
 */

const TEXT = {
  en: {
    donate: 'Donate',
    dialog: 'Support the poster shop',
    give: 'Donate 1 KDT',
    pay: 'Pay 1 KDT',
    wallet: 'Test wallet',
    thanks: 'Thank you for your support!',
    closing: /This window closes in \d s\./,
    supporters: (n: number) => (n === 1 ? '1 supporter' : `${n} supporters`),
  },
  zh: {
    donate: '捐赠',
    dialog: '支持 the poster shop',
    give: '捐赠 1 KDT',
    pay: '支付 1 KDT',
    wallet: '测试钱包',
    thanks: '感谢您的支持！',
    closing: /此窗口将在 \d 秒后关闭。/,
    supporters: (n: number) => `${n} 位支持者`,
  },
} as const;

let harness: DemoHarness;
let shop: ExampleShop;
let shopUrl: string;

beforeAll(async () => {
  shop = await startExampleShop();
  ({ harness, url: shopUrl } = shop);
});
afterAll(() => shop?.close());

/** How many have given to the shop so far, as Kiosk counts them. */
async function supporterCount(): Promise<number> {
  const answer = await harness.merchant('/api/donations?target=poster-shop&livemode=false');
  return answer.status === 200 ? answer.body.total : 0;
}

describe('the donate widget on a page of another origin', { timeout: 120_000 }, () => {
  it.each([
    ['desktop', 'en'],
    ['mobile', 'zh'],
  ] as const)('takes a donation without signing in, on %s in %s', async (viewport, language) => {
    const text = TEXT[language];
    const { context, page } = await harness.open({ viewport });
    await page.goto(`${shopUrl}/support?locale=${language}`);
    const widget = page.locator('#kiosk-donate');
    const donate = widget.getByRole('button', { name: text.donate, exact: true });
    await donate.waitFor();
    const before = await supporterCount();
    await harness.screenshot(page, `donate-widget-${viewport}-${language}`);

    await donate.click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByRole('button', { name: text.give }).click();
    await page.getByRole('dialog', { name: text.pay }).getByRole('button', { name: text.wallet }).click();
    await dialog.getByText(text.thanks).waitFor({ timeout: 30_000 });
    await dialog.getByText(text.closing).waitFor();
    await harness.screenshot(page, `donate-widget-thanks-${viewport}-${language}`);
    // The host's onPaid ran, and the dialog closes by itself.
    await expect.poll(() => page.title()).toMatch(/^Thanks — cs_/);
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await widget.getByRole('button', { name: new RegExp(text.supporters(before + 1)) }).waitFor();

    const sessionId = (await page.title()).replace('Thanks — ', '');
    const answer = (await harness.merchant('/api/donations?target=poster-shop&livemode=false')).body;
    expect(answer.total).toBe(before + 1);
    expect(
      answer.supporters.find((s: { checkout_session_id: string }) => s.checkout_session_id === sessionId),
    ).toMatchObject({ anonymous: true, did: new TestWallet({ index: 0 }).did, amount: '1000000' });
    // Nobody was named to Kiosk: no call carried an authToken, and no cookie of Kiosk's was set.
    expect((await context.cookies(harness.server.url)).map((cookie) => cookie.name)).not.toContain(
      'kiosk_session',
    );
    await context.close();
  });
});
