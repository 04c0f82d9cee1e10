import { startDevChain, type DevChain } from '@kiosk/devchain';
import type { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn } from '@kiosk/testkit';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, VIEWPORTS, type BrowserHarness, until } from './harness.ts';
import {
  clockAtChainTime,
  deployCollectorWithKey,
  openWithWallet,
  subscribeWithMandate,
} from './chain-buyer.ts';

/**
 * "Change payment method" in the customer portal (issue 11 item 5; seed 000 §1, future invoices only),
 * on a real local chain: a buyer subscribes through the API as a checkout does (their wallet signs the
 * KioskCollector mandate, the first period is pulled), then opens the subscription's page in the
 * browser with their wallet injected into the page (an EIP-1193 provider on `window.ethereum`), and
 * authorises a new mandate from it. The server reads the chain: the subscription collects through the
 * new mandate — in another currency on another method (en, desktop), or the same one again (zh, phone)
 * — and no invoice is made. Closing the dialog with Escape before authorising changes nothing.
 */

const RECEIVER = '0x8888888888888888888888888888888888888888' as Address;
const MONTHLY = 1_000_000n; // 1 KDT of 6 decimals
const MONTHLY_KST = 2_000_000n; // the same plan in the second token: 2 KST
const BUYERS = [5, 6];

let harness: BrowserHarness;
let chain: DevChain;
let clock: TestClock;
let merchant: Awaited<ReturnType<typeof merchantOf>>;
let collector: Address;
let secondToken: Address;
let methodId: string;
let kdt: string;
let otherMethodId: string;
let kst: string;
let priceId: string;

/**
 * `wallet`'s buyer subscribes monthly to the plan in KDT through a payment link and signs the mandate;
 * the first period is pulled at once and its invoice paid. Answers how to read the subscription and
 * its invoices as the merchant sees them.
 */
async function activeSubscriber(wallet: TestWallet) {
  const buyer = await signedIn(harness.server, wallet);
  const { id, subscription } = await subscribeWithMandate({ chain, merchant }, buyer, wallet, {
    priceId,
    methodId,
    currencyId: kdt,
  });
  const invoices = async () =>
    (await merchant.test(`/api/invoices?subscription_id=${id}&pageSize=100`)).body.list as {
      status: string;
    }[];
  await until(invoices, (list) => list.some((invoice) => invoice.status === 'paid'));
  return { buyer, id, subscription, invoices };
}

/** What the buyer allows the collector to pull of `token`, read on the chain. */
const allowanceOf = (wallet: TestWallet, token: Address) =>
  chain.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [wallet.address, collector],
  });

beforeAll(async () => {
  chain = await startDevChain();
  clock = await clockAtChainTime(chain);
  const holders = BUYERS.map((index) => new TestWallet({ index }).address);
  const token = await chain.deployDemoToken({
    name: 'Kiosk Demo Token',
    symbol: 'KDT',
    decimals: 6,
    mintTo: holders,
    amount: 1_000_000_000n,
  });
  secondToken = await chain.deployDemoToken({
    name: 'Kiosk Second Token',
    symbol: 'KST',
    decimals: 6,
    mintTo: holders,
    amount: 1_000_000_000n,
  });
  // The buyers pay gas for their own transactions.
  const { collector: deployed, collectorKey } = await deployCollectorWithKey(chain, holders);
  collector = deployed;

  harness = await startBrowserHarness(
    { KIOSK_EVM_COLLECTOR_KEY: collectorKey, KIOSK_TEST_WALLET: 'true' },
    { clock },
  );
  merchant = await merchantOf(harness.server);
  const settings = {
    chain_id: chain.chainId,
    api_host: chain.rpcUrl,
    confirmation: 0,
    receiving_address: RECEIVER,
    collector_contract: collector,
  };
  const method = (
    await merchant.test('/api/payment-methods', {
      method: 'POST',
      body: {
        type: 'evm',
        name: 'Local chain',
        settings,
        currencies: [{ name: 'Kiosk Demo Token', symbol: 'KDT', decimal: 6, contract: token }],
      },
    })
  ).body;
  methodId = method.id;
  kdt = method.payment_currencies[0].id;
  // A second method of the merchant, in a second token, with the same collector: one to change to.
  const other = (
    await merchant.test('/api/payment-methods', {
      method: 'POST',
      body: {
        type: 'evm',
        name: 'Second token',
        settings,
        currencies: [{ name: 'Kiosk Second Token', symbol: 'KST', decimal: 6, contract: secondToken }],
      },
    })
  ).body;
  otherMethodId = other.id;
  kst = other.payment_currencies[0].id;
  // The plan is sold in both currencies.
  priceId = (
    await merchant.test('/api/products', {
      method: 'POST',
      body: {
        name: 'Pro plan',
        prices: [
          {
            type: 'recurring',
            currency_id: kdt,
            unit_amount: MONTHLY.toString(),
            currency_options: [{ currency_id: kst, unit_amount: MONTHLY_KST.toString() }],
            recurring: { interval: 'month' },
          },
        ],
      },
    })
  ).body.prices[0].id;
});
afterAll(async () => {
  await harness?.close();
  await chain?.stop();
});

describe('change payment method in the customer portal', { timeout: 180_000 }, () => {
  it('moves future invoices to another method and currency with the wallet in this page, charging nothing (en, desktop)', async () => {
    const wallet = new TestWallet({ index: BUYERS[0]! });
    const { buyer, id, subscription, invoices } = await activeSubscriber(wallet);
    const before = await subscription();
    expect(before).toMatchObject({ default_payment_method_id: methodId, currency_id: kdt });
    expect(before.payment_details.evm.id).toEqual(expect.any(String));
    const billed = (await invoices()).length;
    expect(await allowanceOf(wallet, secondToken)).toBe(0n);

    const { context, page, cspViolations } = await openWithWallet(harness, chain, clock, buyer, wallet);
    await page.goto(`/customer/subscription/${id}?livemode=false`);
    await page.getByRole('heading', { level: 1, name: 'Pro plan' }).waitFor();
    await page.getByRole('button', { name: 'Change payment method' }).click();

    // The choice: the current method first, marked; the other one says where invoices would go.
    const choose = page.getByRole('dialog', { name: 'Change payment method' });
    const current = choose.getByRole('radio', { name: 'KDT on Local chain' });
    await current.waitFor();
    expect(await current.isChecked()).toBe(true);
    await choose.getByTestId(`method-${methodId}/${kdt}`).getByText('Current', { exact: true }).waitFor();
    await choose.getByText('Future invoices are paid in KST', { exact: true }).waitFor();
    await choose.getByRole('radio', { name: 'KST on Second token' }).check();
    await harness.screenshot(page, 'change-method-choice-desktop-en');
    await choose.getByRole('button', { name: 'Continue' }).click();

    // What the wallet will allow, in the checkout's wording: the plan's price in KST for this mandate's
    // twelve payments (not the wallet's whole allowance), on the second method.
    const authorise = page.getByRole('dialog', { name: 'Authorise with your wallet' });
    const terms = authorise.getByTestId('mandate-terms');
    await terms.waitFor();
    expect(await terms.textContent()).toMatch(
      new RegExp(
        `^You allow at most 2 KST per month for up to 12 payments, to 0x[0-9a-fA-F]{40}\\.Collected on Second token \\(chain ${chain.chainId}\\)\\.`,
      ),
    );
    await harness.screenshot(page, 'change-method-authorise-desktop-en');
    await authorise.getByRole('button', { name: 'Authorise with Browser wallet' }).click();

    // Seed 000 §8: the dialog says the outcome (its title back to the dialog's own).
    const done = page.getByRole('dialog', { name: 'Change payment method' });
    await done
      .getByTestId('method-change-status')
      .getByText('Future invoices are collected from Second token in KST.', { exact: true })
      .waitFor({ timeout: 30_000 });
    await harness.screenshot(page, 'change-method-done-desktop-en');

    // The server read the chain: a new mandate on the second method, in KST, for future invoices only.
    const after = await subscription();
    expect(after).toMatchObject({
      status: 'active',
      default_payment_method_id: otherMethodId,
      currency_id: kst,
      current_period_end: before.current_period_end,
    });
    expect(after.payment_details.evm.id).toEqual(expect.any(String));
    expect(after.payment_details.evm.id).not.toBe(before.payment_details.evm.id);
    expect(after.payment_details).not.toEqual(before.payment_details);
    expect(await invoices()).toHaveLength(billed);
    // The wallet in the page really approved the collector on the second token.
    expect(await allowanceOf(wallet, secondToken)).toBeGreaterThanOrEqual(MONTHLY_KST);

    // Focus moves from the wallet's button, now gone, to Close.
    const close = done.getByRole('button', { name: 'Close' });
    await expect.poll(() => close.evaluate((element) => element === document.activeElement)).toBe(true);
    await close.click();
    await done.waitFor({ state: 'detached' });
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('closes with Escape before authorising and changes nothing, then authorises again in Chinese (zh, phone)', async () => {
    const wallet = new TestWallet({ index: BUYERS[1]! });
    const { buyer, id, subscription, invoices } = await activeSubscriber(wallet);
    const before = await subscription();
    expect(before.payment_details.evm.id).toEqual(expect.any(String));
    const billed = (await invoices()).length;
    const nonce = () => chain.publicClient.getTransactionCount({ address: wallet.address });
    const sent = await nonce();

    const { context, page, cspViolations } = await openWithWallet(harness, chain, clock, buyer, wallet, {
      viewport: 'mobile',
      locale: 'zh-CN',
    });
    await page.goto(`/customer/subscription/${id}?livemode=false`);
    await page.getByRole('heading', { level: 1, name: 'Pro plan' }).waitFor();

    // By keyboard: the dialog opens on Enter and is named by its title.
    const button = page.getByRole('button', { name: '更改支付方式' });
    await button.focus();
    await page.keyboard.press('Enter');
    const choose = page.getByRole('dialog', { name: '更改支付方式' });
    await choose.getByRole('radio', { name: 'Local chain 上的 KDT' }).waitFor();
    await choose.getByText('在同一钱包上重新授权', { exact: true }).waitFor();
    await choose.getByRole('radio', { name: 'Second token 上的 KST' }).waitFor();
    // On a 390 px phone the dialog takes the screen and nothing is wider than it.
    const box = (await choose.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'change-method-choice-mobile-zh');

    // As far as the wallet step, then Escape: the dialog goes, focus returns to its button.
    await choose.getByRole('button', { name: '继续' }).click();
    const authorise = page.getByRole('dialog', { name: '在钱包中授权' });
    await authorise
      .getByTestId('mandate-terms')
      .getByText(/^您授权每月最多支付 1 KDT，最多 12 期，收款方 0x/)
      .waitFor();
    await authorise.getByRole('button', { name: '使用 浏览器钱包 授权' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'change-method-authorise-mobile-zh');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    // Nothing was sent from the wallet, and the subscription collects as before.
    expect(await nonce()).toBe(sent);
    const untouched = await subscription();
    expect(untouched).toMatchObject({
      status: 'active',
      default_payment_method_id: before.default_payment_method_id,
      currency_id: before.currency_id,
    });
    expect(untouched.payment_details).toEqual(before.payment_details);
    expect(await invoices()).toHaveLength(billed);

    // Opened again, it starts from the choice; the current method authorises again.
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: '更改支付方式' });
    expect(await again.getByRole('radio', { name: 'Local chain 上的 KDT' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: '继续' }).click();
    await page
      .getByRole('dialog', { name: '在钱包中授权' })
      .getByRole('button', { name: '使用 浏览器钱包 授权' })
      .click();
    const done = page.getByRole('dialog', { name: '更改支付方式' });
    await done
      .getByTestId('method-change-status')
      .getByText('已重新授权', { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.mobile.width,
    );
    await harness.screenshot(page, 'change-method-done-mobile-zh');

    // A new mandate on the same method and currency; nothing charged.
    expect(await nonce()).toBeGreaterThan(sent);
    const after = await subscription();
    expect(after).toMatchObject({
      status: 'active',
      default_payment_method_id: methodId,
      currency_id: kdt,
      current_period_end: before.current_period_end,
    });
    expect(after.payment_details.evm.id).toEqual(expect.any(String));
    expect(after.payment_details.evm.id).not.toBe(before.payment_details.evm.id);
    expect(await invoices()).toHaveLength(billed);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
