import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodBoundary } from '@kiosk/core';
import type { MandateInstructions, Subscription } from '@kiosk/contracts';
import { MANDATE_RETRY_MS } from '@kiosk/react';
import { createKioskI18n } from '@kiosk/react/i18n';
import {
  BUYER_ADDRESS,
  envelope,
  jsonResponse,
  line,
  mockApi,
  paymentMethod,
  settings,
  withMandates,
  type ApiHandler,
} from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { invoice, monthly, NOW, subscription, trialing } from './portal-test-fixtures.ts';

const list = <T,>(items: T[]) => ({ list: items, count: items.length });
const PAGE = '/customer/subscription/sub_1?livemode=false';
const COLLECTOR = '0x9A676e781A523b5d0C0e43731313A708CB607508';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';

/** The local chain (KDT, and ETH which the server says takes no mandate) and Base (USDC), both taking mandates. */
const local = withMandates(paymentMethod(), ['pc_kdt']);
const base = withMandates(
  paymentMethod({
    id: 'pm_base',
    type: 'base',
    name: 'Base',
    settings: { chain_id: 8453 },
    default_currency_id: 'pc_usdc',
    payment_currencies: [
      {
        ...local.payment_currencies[0]!,
        id: 'pc_usdc',
        payment_method_id: 'pm_base',
        name: 'USD Coin',
        symbol: 'USDC',
        contract: USDC,
      },
    ],
  }),
  ['pc_usdc'],
);

/** What POST …/mandate answers: an allowance, then the mandate, as the server orders them. */
function instructions(on: 'local' | 'base'): MandateInstructions {
  const start = subscription().current_period_end;
  const recurring = { interval: 'month', interval_count: 1 } as const;
  return {
    type: 'evm_mandate',
    chain_id: on === 'local' ? 31337 : 8453,
    contract: COLLECTOR,
    mandate_id: `0x${'ab'.repeat(32)}`,
    token: on === 'local' ? local.payment_currencies[0]!.contract! : USDC,
    receiver: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
    max_per_cycle: on === 'local' ? '1000000' : '1500000',
    cycle_seconds: 28 * 86_400,
    starts_at: start - 300,
    expires_at: periodBoundary(start, recurring, 12),
    // What the wallet allowed before plus twelve cycles: not a count of cycles.
    allowance: on === 'local' ? '20000000' : '18000000',
    cycles: 12,
    interval: 'month',
    interval_count: 1,
    calls: [
      { to: on === 'local' ? local.payment_currencies[0]!.contract! : USDC, data: '0x095ea7b3approve' },
      { to: COLLECTOR, data: '0x1234create' },
    ],
    currency_id: on === 'local' ? 'pc_kdt' : 'pc_usdc',
    decimal: 6,
    symbol: on === 'local' ? 'KDT' : 'USDC',
  };
}

/**
 * The API around one subscription: asking for a mandate answers its calls; confirming answers
 * MANDATE_PENDING `pending` times (the chain not read up to the mandate yet), then puts it in place.
 */
function api(start: Subscription, { pending = 0, overrides = {} as Record<string, ApiHandler> } = {}) {
  let current = start;
  let asked: 'local' | 'base' = 'local';
  let unseen = pending;
  return mockApi({
    'GET /api/session': () =>
      signedIn(
        userWithRoles(['member'], { did: `did:pkh:eip155:1:${BUYER_ADDRESS}`, address: BUYER_ADDRESS }),
      ),
    'GET /api/settings': () => ({ ...settings(), paymentMethods: [local, base] }),
    'GET /api/subscriptions/sub_1': () => current,
    'GET /api/subscriptions/sub_1/plans': () => ({ list: [] }),
    'GET /api/invoices': () => list([invoice()]),
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () => envelope({ line_items: [line(monthly)] }),
    'POST /api/subscriptions/sub_1/mandate': ({ body }) => {
      asked = (body as { payment_method?: string }).payment_method === 'pm_base' ? 'base' : 'local';
      return { subscription: current, mandateInstructions: instructions(asked) };
    },
    'POST /api/subscriptions/sub_1/mandate/confirm': () => {
      if (unseen-- > 0)
        return jsonResponse({ code: 'MANDATE_PENDING', error: 'The mandate is not on the chain yet' }, 409);
      if (asked === 'base')
        current = { ...current, default_payment_method_id: 'pm_base', currency_id: 'pc_usdc' };
      return current;
    },
    ...overrides,
  });
}

/** A wallet on `window.ethereum` on the buyer's account: it sends what it is asked and each is mined. */
function injectWallet({ refuse = false } = {}) {
  const sent: unknown[] = [];
  vi.stubGlobal('ethereum', {
    request: async ({ method: name, params }: { method: string; params?: unknown[] }) => {
      if (name === 'eth_requestAccounts') return [BUYER_ADDRESS];
      if (name === 'eth_chainId') return '0x7a69';
      if (name === 'wallet_switchEthereumChain') return null;
      if (name === 'eth_sendTransaction') {
        if (refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        sent.push(params![0]);
        return `0x${String(sent.length).repeat(64)}`;
      }
      if (name === 'eth_getTransactionReceipt') return { status: '0x1' };
      throw new Error(`unexpected ${name}`);
    },
  });
  return sent;
}

function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

async function openDialog(name = 'Change payment method', title = 'Change payment method') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

const continueTo = async (dialog: HTMLElement, title = 'Authorise with your wallet') => {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: title });
};

beforeAll(async () => {
  // The page waits for the session, then the subscription and the currencies: on a busy machine, over 1 s.
  configure({ asyncUtilTimeout: 5_000 });
  await import('./SubscriptionPage.tsx');
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal('WebSocket', undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('Change payment method', { timeout: 20_000 }, () => {
  it('is offered while the subscription is active, trialing or past due, and not once it has ended', async () => {
    for (const [shown, start] of [
      [true, subscription()],
      [true, trialing(3)],
      [true, subscription({ status: 'past_due' })],
      [false, subscription({ status: 'canceled', ended_at: NOW, canceled_at: NOW })],
      [false, subscription({ status: 'incomplete' })],
    ] as const) {
      api(start);
      renderRoutesAt(PAGE, routes);
      await screen.findByRole('heading', { level: 1 });
      await screen.findByText('Subscription ID');
      expect(!!screen.queryByRole('button', { name: 'Change payment method' }), start.status).toBe(shown);
      cleanup();
      window.sessionStorage.clear();
    }
  });

  it('lists the methods that can collect, the current one first, marked and saying it authorises again', async () => {
    api(subscription());
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    // The server says ETH takes no mandate (the chain's own coin: a mandate pulls tokens only).
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'pm_local/pc_kdt',
      'pm_base/pc_usdc',
    ]);
    const current = within(dialog).getByRole('radio', { name: 'KDT on Local chain' }) as HTMLInputElement;
    expect(current.checked).toBe(true);
    expect(current.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(screen.getByTestId('method-pm_local/pc_kdt')).getByText('Current')).toBeTruthy();
    expect(within(dialog).getByText('Authorise again on the same wallet')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'USDC on Base' })).toBeTruthy();
  });

  it('authorises again: asks for no change, sends the calls in order and confirms until the chain shows it', async () => {
    const calls = api(subscription(), { pending: 1 });
    const sent = injectWallet();
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    await continueTo(dialog);
    const asked = calls.calls('POST /api/subscriptions/sub_1/mandate');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toEqual({});
    // Continue is gone with the choice: focus goes to the step's own action, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Authorise with Browser wallet' }),
      ),
    );
    expect(asked[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(within(dialog).getByTestId('mandate-terms').textContent).toBe(
      'You allow at most 1 KDT per month for up to 12 payments, to 0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199.' +
        'Collected on Local chain (chain 31337).' +
        'Your wallet asks you to confirm 2 transactions, one after another. You can revoke the authorisation at any time.',
    );

    // The retry after MANDATE_PENDING waits MANDATE_RETRY_MS: the clock is moved on instead.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise with Browser wallet' }));
    await waitFor(() => expect(calls.calls('POST /api/subscriptions/sub_1/mandate/confirm')).toHaveLength(1));
    expect(screen.getByTestId('method-change-status').textContent).toBe(
      'Checking your authorisation on the chain…',
    );
    const reads = calls.calls('GET /api/subscriptions/sub_1').length;
    await vi.advanceTimersByTimeAsync(MANDATE_RETRY_MS);

    expect(await within(dialog).findByText('Authorised again')).toBeTruthy();
    expect(calls.calls('POST /api/subscriptions/sub_1/mandate/confirm')).toHaveLength(2);
    expect(sent).toEqual([
      { from: BUYER_ADDRESS, to: local.payment_currencies[0]!.contract, data: '0x095ea7b3approve' },
      { from: BUYER_ADDRESS, to: COLLECTOR, data: '0x1234create' },
    ]);
    await waitFor(() => expect(calls.calls('GET /api/subscriptions/sub_1').length).toBeGreaterThan(reads));
    // The wallet's button that had focus is gone: focus moves to what is left to do, not to the page.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes to another currency: asks for its method and currency and says where invoices go next', async () => {
    const calls = api(subscription());
    const sent = injectWallet();
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'USDC on Base' }));
    await continueTo(dialog);
    expect(calls.calls('POST /api/subscriptions/sub_1/mandate')[0]!.body).toEqual({
      payment_method: 'pm_base',
      payment_currency: 'pc_usdc',
    });
    expect(within(dialog).getByTestId('mandate-terms').textContent).toMatch(
      /^You allow at most 1\.5 USDC per month for up to 12 payments, to 0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199\.Collected on Base \(chain 8453\)\./,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise with Browser wallet' }));
    expect(await within(dialog).findByText('Future invoices are collected from Base in USDC.')).toBeTruthy();
    expect(sent.map((call) => (call as { to: string }).to)).toEqual([USDC, COLLECTOR]);
    expect(calls.calls('POST /api/subscriptions/sub_1/mandate/confirm')).toHaveLength(1);
  });

  it("says a wallet's refusal and offers the wallet again, without asking the server to confirm", async () => {
    const calls = api(subscription());
    injectWallet({ refuse: true });
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    await continueTo(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise with Browser wallet' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'The authorisation did not go throughYou declined the authorisation in your wallet.',
    );
    expect(within(dialog).getByRole('button', { name: 'Try again with Browser wallet' })).toBeTruthy();
    expect(calls.calls('POST /api/subscriptions/sub_1/mandate/confirm')).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the change, and the choice stays open", async () => {
    api(subscription(), {
      overrides: {
        'POST /api/subscriptions/sub_1/mandate': () =>
          jsonResponse(
            {
              code: 'CURRENCY_CHANGE_BLOCKED',
              error: 'A plan change is waiting: the currency cannot change until it is paid',
            },
            400,
          ),
      },
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'USDC on Base' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'The authorisation could not be preparedA plan change is waiting: the currency cannot change until it is paid',
    );
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('without a wallet in this browser, goes to a setup page where a wallet on another device authorises', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = api(subscription(), {
      overrides: {
        'POST /api/subscriptions/sub_1/setup-session': () =>
          jsonResponse({ id: 'cs_setup', url: 'http://kiosk.local/checkout/pay/cs_setup' }, 201),
      },
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    await continueTo(dialog);
    expect(
      within(dialog).getByText(
        'No wallet was found in this browser: authorise with a wallet on another device, or open this page in your wallet app.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a wallet on another device' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://kiosk.local/checkout/pay/cs_setup'));
    expect(
      calls.calls('POST /api/subscriptions/sub_1/setup-session')[0]!.url.searchParams.get('livemode'),
    ).toBe('false');
  });

  it('speaks Chinese', async () => {
    api(subscription());
    injectWallet();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    const dialog = await openDialog('更改支付方式', '更改支付方式');
    expect(within(dialog).getByRole('radio', { name: 'Local chain 上的 KDT' })).toBeTruthy();
    expect(within(dialog).getByText('在同一钱包上重新授权')).toBeTruthy();
    expect(within(dialog).getByText('当前')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '继续' }));
    await screen.findByRole('dialog', { name: '在钱包中授权' });
    expect(within(dialog).getByTestId('mandate-terms').textContent).toMatch(
      /^您授权每月最多支付 1 KDT，最多 12 期，收款方 0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199。/,
    );
    expect(within(dialog).getByRole('button', { name: '使用 浏览器钱包 授权' })).toBeTruthy();
  });

  it('fills a phone screen with the dialog', async () => {
    onAPhone();
    api(subscription());
    renderRoutesAt(PAGE, routes);
    const dialog = await openDialog();
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });
});
