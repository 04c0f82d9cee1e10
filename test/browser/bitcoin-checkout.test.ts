import { startBitcoinStandin, TestWallet, type BitcoinStandin } from '@kiosk/bitcoin-standin';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, type DemoHarness } from './harness.ts';

/**
 * Paying by Bitcoin on the hosted checkout (issue 26), as a new buyer of the demo store's "Kiosk hoodie"
 * (0.0004 BTC or 40 KDT): the demo's Bitcoin method reads a local regtest stand-in
 * (docs/bitcoin-standin.md). The page shows the order's own address as a BIP21 request; the buyer's
 * wallet, outside the page as a phone's would be, pays it with a signed transaction, and the blocks the
 * test mines bring the confirmations, which the page shows as they come. A buyer without a Bitcoin
 * wallet pays from the page with the demo's wallet (the stand-in's funding). Each language runs on its
 * own fresh server and stand-in, so its first buyer is new.
 */

const TEXT = {
  en: {
    locale: 'en-US',
    acceptCookies: 'Accept',
    connect: 'Connect and pay',
    signIn: 'Sign in to Kiosk',
    testWallet: 'Test wallet',
    name: 'Name',
    email: 'Email',
    pay: 'Pay 0.0004 BTC',
    dialog: 'Pay 0.00040000 BTC by Bitcoin',
    qr: (address: string) => `QR code of the Bitcoin payment request (0.00040000 BTC to ${address})`,
    openWallet: 'Open in wallet',
    timeLeft: /^Time left to pay: (\d+:)?\d+:\d\d$/,
    paid: 'I have paid',
    demoWallet: 'Pay with the demo wallet',
    seen: (count: number) => `Payment seen, waiting for confirmations: ${count} of 2`,
    success: 'Payment successful',
  },
  zh: {
    locale: 'zh-CN',
    acceptCookies: '接受',
    connect: '连接钱包并支付',
    signIn: '登录 Kiosk',
    testWallet: '测试钱包',
    name: '姓名',
    email: '邮箱',
    pay: '支付 0.0004 BTC',
    dialog: '比特币支付 0.00040000 BTC',
    qr: (address: string) => `比特币付款请求二维码（0.00040000 BTC 至 ${address}）`,
    openWallet: '在钱包中打开',
    timeLeft: /^剩余支付时间：(\d+:)?\d+:\d\d$/,
    paid: '我已付款',
    demoWallet: '用演示钱包支付',
    seen: (count: number) => `已收到付款，等待确认：${count} / 2`,
    success: '支付成功',
  },
} as const;

describe.each(['en', 'zh'] as const)('paying by Bitcoin, in %s', (language) => {
  const text = TEXT[language];
  const viewport = language === 'en' ? 'desktop' : 'mobile';
  let standin: BitcoinStandin;
  let harness: DemoHarness;
  beforeAll(async () => {
    // No blocks of its own: the test mines them, so each confirmation comes when it says.
    standin = await startBitcoinStandin();
    harness = await startDemoHarness({}, { bitcoin: standin });
  });
  afterAll(async () => {
    await harness?.close();
    await standin?.close();
  });

  /**
   * The buyer (the Test wallet's account) opens the hoodie's link, signs in, and (a new one) fills in
   * the form, chooses Bitcoin and pays: the Bitcoin step opens.
   */
  async function openBitcoinStep(page: Page, buyer: 'new' | 'returning') {
    await page.goto(`/checkout/pay/${harness.link('Kiosk hoodie')}`);
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/checkout\/pay\/cs_/);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    // On a phone the banner sits over the pay button; a buyer answers it first.
    await page.getByRole('button', { name: text.acceptCookies }).click();
    await page.getByRole('button', { name: text.connect }).click();
    const signIn = page.getByRole('dialog', { name: text.signIn });
    await signIn.getByRole('button', { name: text.testWallet }).click();
    await signIn.waitFor({ state: 'hidden' });

    // A returning buyer's details and currency are known: signing in goes on to pay at once.
    if (buyer === 'new') {
      const form = page.getByRole('form');
      await form.getByLabel(text.name).fill('Satoshi Buyer');
      await form.getByLabel(text.email).fill('satoshi@example.com');
      // The hoodie is sold in BTC or KDT: the buyer picks Bitcoin.
      const currencies = page.getByRole('radio');
      await expect.poll(() => currencies.count()).toBe(2);
      const bitcoin = page.getByRole('radio', { name: /BTC/ });
      await bitcoin.click();
      expect(await bitcoin.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('button', { name: text.pay }).click();
    }

    // The order's own address of the merchant's wallet, as a BIP21 request: QR code and wallet link.
    const dialog = page.getByRole('dialog', { name: text.dialog });
    const walletLink = dialog.getByRole('link', { name: text.openWallet });
    await walletLink.waitFor();
    const uri = (await walletLink.getAttribute('href'))!;
    const address = uri.match(/^bitcoin:(bcrt1q[02-9ac-hj-np-z]{38})\?amount=0\.0004$/)?.[1];
    expect(address, uri).toBeDefined();
    return { sessionId, dialog, address: address! };
  }

  it('a new buyer chooses Bitcoin, pays the shown address from a wallet, and watches the confirmations to success', async () => {
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    const { sessionId, dialog, address } = await openBitcoinStep(page, 'new');
    expect(await dialog.getByText('0.00040000 BTC', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText(address, { exact: true }).count()).toBe(1);
    const qr = dialog.getByRole('img', { name: text.qr(address) });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The time left counts down.
    const timer = dialog.getByRole('timer');
    const shown = (await timer.textContent())!;
    expect(shown).toMatch(text.timeLeft);
    await expect.poll(() => timer.textContent(), { timeout: 5_000 }).not.toBe(shown);
    if (viewport === 'mobile') {
      // A phone's Bitcoin step takes the whole screen.
      const box = await page.locator('.MuiDialog-paper').boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    }
    await harness.screenshot(page, `checkout-bitcoin-${viewport}-${language}`);

    // The buyer's wallet (outside the page, as a phone's) sends exactly the amount, then says so.
    const wallet = TestWallet.fromSeed(`bitcoin checkout buyer ${language}`);
    standin.fund(wallet.address(0), 100_000n);
    const payment = wallet.pay({ utxos: await wallet.utxos(standin.url), to: address, sats: 40_000n });
    const broadcast = await fetch(`${standin.url}/tx`, { method: 'POST', body: payment.hex });
    expect(await broadcast.text()).toBe(payment.txid);
    await dialog.getByRole('button', { name: text.paid }).click();

    // In the mempool, then one block, then the second: the page follows on its own.
    await dialog.getByText(text.seen(0)).waitFor();
    standin.mine(1);
    await dialog.getByText(text.seen(1)).waitFor();
    await harness.screenshot(page, `checkout-bitcoin-confirming-${viewport}-${language}`);
    standin.mine(1);
    await page.getByRole('heading', { name: text.success }).waitFor();
    await harness.screenshot(page, `checkout-bitcoin-success-${viewport}-${language}`);

    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: '40000' });
    const intent = (await harness.merchant(`/api/payment-intents/${session.payment_intent_id}`)).body;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: '40000' });
    expect(intent.payment_details.bitcoin).toMatchObject({ address, tx_hashes: payment.txid });
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('a buyer without a Bitcoin wallet pays from the page with the demo wallet, and the blocks bring success', async () => {
    const { context, page, cspViolations } = await harness.open({ viewport, locale: text.locale });
    // The same Test wallet account as above, buying a second hoodie.
    const { sessionId, dialog, address } = await openBitcoinStep(page, 'returning');
    // The stand-in sends exactly the amount in a block of its own, and the step waits as after "I have
    // paid": one confirmation at once, the next block brings the second.
    await dialog.getByRole('button', { name: text.demoWallet }).click();
    await dialog.getByText(text.seen(1)).waitFor();
    expect(await dialog.getByRole('button', { name: text.paid }).isDisabled()).toBe(true);
    standin.mine(1);
    await page.getByRole('heading', { name: text.success }).waitFor();

    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: '40000' });
    const intent = (await harness.merchant(`/api/payment-intents/${session.payment_intent_id}`)).body;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: '40000' });
    expect(intent.payment_details.bitcoin).toMatchObject({ address, received_sats: '40000' });
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
