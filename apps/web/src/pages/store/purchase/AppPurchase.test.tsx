import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppPricing, Purchase, PurchaseVerification } from '@kiosk/contracts';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { createKioskI18n } from '@kiosk/react/i18n';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../../test-support/sessions.ts';
import { AppPurchase } from './AppPurchase.tsx';

const DID = 'did:abt:z1WeatherBoard';
const USER = userWithRoles(['member']);
const base = `/api/apps/${encodeURIComponent(DID)}`;

const kdt = {
  currency_id: 'pc_kdt',
  unit_amount: '5000000',
  symbol: 'KDT',
  decimal: 6,
  maximum_precision: 6,
};
const usd = { currency_id: 'pc_usd', unit_amount: '300', symbol: 'USD', decimal: 2, maximum_precision: 2 };

function pricing(overrides: Partial<AppPricing> = {}): AppPricing {
  return {
    object: 'app_pricing',
    app_did: DID,
    type: 'one_time',
    interval: null,
    prices: [kdt, usd],
    livemode: false,
    price_id: 'price_1',
    updated_at: 1,
    ...overrides,
  };
}

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: 'pur_1',
    object: 'purchase',
    livemode: false,
    app_did: DID,
    buyer_did: USER.did,
    status: 'paid',
    checkout_session_id: 'cs_00000001',
    subscription_id: null,
    currency_id: 'pc_kdt',
    amount: '5000000',
    store_amount: '1500000',
    developer_amount: '3500000',
    paid_at: 1,
    created_at: 1,
    updated_at: 1,
    ...overrides,
  };
}

const verification = (overrides: Partial<PurchaseVerification> = {}): PurchaseVerification => ({
  object: 'purchase_verification',
  app_did: DID,
  user: USER.did,
  valid: false,
  purchase: null,
  subscription_status: null,
  ...overrides,
});

function api(routes: Record<string, ApiHandler>) {
  return mockApi({
    'GET /api/session': () => signedIn(USER),
    [`GET ${base}/pricing`]: () => pricing(),
    [`GET ${base}/purchases/verify`]: () => verification(),
    ...routes,
  });
}

function renderPurchase(language: 'en' | 'zh' = 'en') {
  return renderRoutesAt(
    '/',
    [
      {
        path: '/',
        element: (
          <AppPurchase did={DID} title="Weather Board" download={<a href="/bundle.tgz">Download 1.1.0</a>} />
        ),
      },
    ],
    createKioskI18n(language),
  );
}

/** Buy, once it may be pressed (it waits for whether the visitor already owns the app). */
async function buyButton(): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Buy Weather Board' });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppPurchase', { timeout: 20_000 }, () => {
  it('shows a paid app its price in each currency, and Buy opens Kiosk Pay’s checkout on the page', async () => {
    const calls = api({
      [`POST ${base}/checkout`]: () => ({
        object: 'app_checkout',
        checkout_session_id: 'cs_00000001',
        purchase: purchase({ status: 'open', paid_at: null }),
      }),
    });
    renderPurchase();
    expect(await screen.findByText('5 KDT')).toBeTruthy();
    expect(screen.getByText('or 3 USD')).toBeTruthy();
    // Not the buyer's yet: no download.
    expect(screen.queryByRole('link', { name: 'Download 1.1.0' })).toBeNull();
    const verify = calls.calls(`GET ${base}/purchases/verify`);
    expect(verify.at(-1)!.url.searchParams.get('user')).toBe(USER.did);

    fireEvent.click(await buyButton());
    expect(
      await screen.findByRole('dialog', { name: 'Buy Weather Board' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.calls(`POST ${base}/checkout`)).toHaveLength(1);
  });

  it('shows the owner that the app is theirs, and its download', async () => {
    api({ [`GET ${base}/purchases/verify`]: () => verification({ valid: true, purchase: purchase() }) });
    renderPurchase();
    expect(await screen.findByText('You own this app')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download 1.1.0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Weather Board' })).toBeNull();
  });

  it('tells a subscriber whose subscription is past due why the app stopped, in Chinese too', async () => {
    api({
      [`GET ${base}/pricing`]: () => pricing({ type: 'subscription', interval: 'month', prices: [kdt] }),
      [`GET ${base}/purchases/verify`]: () =>
        verification({ purchase: purchase({ subscription_id: 'sub_1' }), subscription_status: 'past_due' }),
    });
    renderPurchase('zh');
    expect(await screen.findByText('每月 5 KDT')).toBeTruthy();
    const alert = await screen.findByText(/你的订阅已逾期/);
    const link = within(alert.closest('[role="alert"]')! as HTMLElement).getByRole('link', {
      name: '打开我的订阅',
    });
    expect(link.getAttribute('href')).toBe('/customer');
    expect(screen.getByRole('button', { name: '订阅 Weather Board' })).toBeTruthy();
  });

  it("says why the store refused a checkout, in the server's words", async () => {
    api({
      [`POST ${base}/checkout`]: () =>
        jsonResponse({ code: 'APP_ALREADY_PURCHASED', error: 'You already own this app' }, 409),
    });
    renderPurchase();
    fireEvent.click(await buyButton());
    expect(await screen.findByText('You already own this app')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a free app’s download at once, and a price that failed to load a retry', async () => {
    let fail = true;
    const calls = api({
      [`GET ${base}/pricing`]: () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'down' }, 503)
          : pricing({ type: 'free', prices: [], price_id: null }),
    });
    renderPurchase();
    expect(await screen.findByText("The app's price could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Download 1.1.0' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(calls.calls(`GET ${base}/pricing`).length).toBeGreaterThanOrEqual(2);
  });

  it('asks a visitor to sign in before buying', async () => {
    api({ 'GET /api/session': () => signedOut() });
    renderPurchase();
    fireEvent.click(await buyButton());
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Buy Weather Board' })).toBeNull();
  });
});
