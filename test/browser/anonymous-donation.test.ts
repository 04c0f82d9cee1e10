import { formatAmount } from '@kiosk/core';
import { TestWallet } from '@kiosk/test-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * Seed 000 §6 as a stranger meets it on the demo store: the Tip jar takes a donation without signing
 * in. The visitor presses Donate, pays from a wallet (the demo's test wallet, account 0), and sees the
 * thanks; the supporters list names that wallet.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    donate: 'Donate 1 KDT',
    pay: 'Pay 1 KDT',
    wallet: 'Test wallet',
    thanks: 'Thank you for your support!',
    donations: 'Donations',
  },
  zh: {
    locale: 'zh-CN',
    donate: '捐赠 1 KDT',
    pay: '支付 1 KDT',
    wallet: '测试钱包',
    thanks: '感谢您的支持！',
    donations: '捐赠',
  },
} as const;

let harness: DemoHarness;
beforeAll(async () => {
  harness = await startDemoHarness();
});
afterAll(() => harness?.close());

describe('a donation without signing in', { timeout: 120_000 }, () => {
  it.each([
    ['desktop', 'en'],
    ['mobile', 'zh'],
  ] as const)(
    'is given from a wallet and listed among the supporters, on %s in %s',
    async (viewport, language) => {
      const text = TEXT[language];
      const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
      await context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
      await page.goto(`/checkout/pay/${harness.link('Tip jar')}`);
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
        .toMatch(/^\/checkout\/pay\/cs_/);
      const sessionId = new URL(page.url()).pathname.split('/').pop()!;
      await harness.screenshot(page, `donation-anonymous-${viewport}-${language}`);

      await page.getByRole('button', { name: text.donate }).click();
      const pay = page.getByRole('dialog', { name: text.pay });
      await pay.getByRole('button', { name: text.wallet }).click();
      await page.getByText(text.thanks).waitFor({ timeout: 30_000 });
      await harness.screenshot(page, `donation-anonymous-thanks-${viewport}-${language}`);

      const supporters = (await harness.merchant('/api/donations?target=kiosk-demo-tips&livemode=false'))
        .body;
      const mine = supporters.supporters.find(
        (s: { checkout_session_id: string }) => s.checkout_session_id === sessionId,
      );
      expect(mine).toMatchObject({
        anonymous: true,
        did: new TestWallet({ index: 0 }).did,
        amount: '1000000',
      });
      expect(cspViolations).toEqual([]);
      await context.close();

      // The owner's donations page counts it.
      const owner = await harness.open({ viewport, locale: text.locale });
      await owner.context.addCookies([{ name: 'CookieConsent', value: 'true', url: harness.server.url }]);
      await owner.context.addInitScript(() => window.localStorage.setItem('livemode', 'false'));
      await owner.page.goto(new URL(harness.demo.owner.signInUrl).pathname);
      await owner.page.getByRole('link', { name: text.donations, exact: true }).click();
      await owner.page.getByRole('heading', { level: 1, name: text.donations }).waitFor();
      // A table row on a desktop, a card on a phone; what was raised is the exact sum.
      const row = owner.page.locator('tr, li').filter({ hasText: 'Support the makers' });
      const raised = `${formatAmount(supporters.totalAmount, 6)} KDT`;
      await expect.poll(() => row.textContent()).toContain(raised);
      await harness.screenshot(owner.page, `donations-page-${viewport}-${language}`);
      await owner.context.close();
    },
  );
});
