import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import { PAID_SHOWN_MS } from '@kiosk/react';
import { createKioskI18n } from '@kiosk/react/i18n';
import {
  BUYER_ADDRESS,
  customer,
  jsonResponse,
  mockApi,
  paymentIntent,
  paymentMethod,
  settings,
  type ApiHandler,
} from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { invoice, me, subscription } from './portal-test-fixtures.ts';

const TX = `0x${'cd'.repeat(32)}`;
const method = paymentMethod();
const kdt = method.payment_currencies[0]!;
const list = <T,>(items: T[]) => ({ list: items, count: items.length });
const overdueInvoice = invoice({
  id: 'in_late',
  number: 'KSK-LATE',
  status: 'uncollectible',
  total: '2500000',
});

/** The portal's API for a customer owing `overdueInvoice` until a transfer is named for it. */
function api(overrides: Record<string, ApiHandler> = {}) {
  let owed: Invoice[] = [overdueInvoice];
  const summary = () =>
    owed.length ? { pc_kdt: { amount: '2500000', currency: kdt, method: { ...method, settings: {} } } } : {};
  return mockApi({
    // The wallet pays from the signed-in customer's account (another one's transfer would not count).
    'GET /api/session': () =>
      signedIn(
        userWithRoles(['member'], { did: `did:pkh:eip155:1:${BUYER_ADDRESS}`, address: BUYER_ADDRESS }),
      ),
    'GET /api/settings': () => settings(),
    'GET /api/customers/me': () => me(),
    'GET /api/subscriptions': () => list([subscription({ status: 'past_due' })]),
    'GET /api/subscriptions/sub_1': () => subscription({ status: 'past_due' }),
    'GET /api/invoices': () => list(owed),
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () => jsonResponse({ code: 'NOPE' }, 404),
    'GET /api/customers/cus_1/overdue/invoices': () => ({
      invoices: owed,
      summary: summary(),
      customer: customer(),
      subscriptionCount: owed.length ? 1 : 0,
    }),
    'POST /api/invoices/overdue/pay': () => ({
      paymentIntent: paymentIntent({ id: 'pi_late' }),
      paymentInstructions: {
        type: 'evm_transfer',
        chain_id: 31337,
        to: '0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199',
        token: kdt.contract,
        amount: '2500000',
        currency_id: 'pc_kdt',
        expires_at: 9_999_999_999,
      },
      invoices: owed,
    }),
    'POST /api/payment-intents/pi_late/pay': () => {
      owed = [];
      return jsonResponse(paymentIntent({ id: 'pi_late', status: 'processing' }), 202);
    },
    ...overrides,
  });
}

function injectWallet() {
  vi.stubGlobal('ethereum', {
    request: async ({ method: name }: { method: string }) => {
      if (name === 'eth_requestAccounts') return [BUYER_ADDRESS];
      if (name === 'eth_chainId') return '0x7a69';
      if (name === 'eth_sendTransaction') return TX;
      throw new Error(`unexpected ${name}`);
    },
  });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  await Promise.all([import('./PastDuePage.tsx'), import('./CustomerPortalPage.tsx')]);
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal('WebSocket', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the past-due banner and page', { timeout: 20_000 }, () => {
  it('the portal says what to do, the page pays the overdue currency and returns to the portal', async () => {
    const calls = api();
    injectWallet();
    const { router } = renderRoutesAt('/customer?livemode=false', routes);
    const banner = await screen.findByTestId('past-due-banner');
    expect(banner.textContent).toContain(
      'You have overdue invoices. New purchases are blocked until they are paid.',
    );
    const payNow = within(banner).getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe(
      '/customer/invoice/past-due?referer=%2Fcustomer%3Flivemode%3Dfalse&livemode=false',
    );
    fireEvent.click(payNow);

    await screen.findByRole('heading', { level: 1, name: 'Past-due invoices' });
    const table = await screen.findByRole('table', { name: 'Overdue invoices' });
    expect(within(table).getByRole('link', { name: 'KSK-LATE' }).getAttribute('href')).toBe(
      '/customer/invoice/in_late?livemode=false',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 2.5 KDT' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Pay 2.5 KDT' })).findByRole('button', {
        name: /^Pay with /,
      }),
    );
    await screen.findByText('2.5 KDT: Paid');
    expect(calls.calls('POST /api/invoices/overdue/pay')[0]!.body).toEqual({
      currency_id: 'pc_kdt',
      customer_id: 'cus_1',
    });
    expect(calls.calls('POST /api/payment-intents/pi_late/pay')[0]!.body).toEqual({ tx_hash: TX });
    // Everything paid: back where the customer came from, which no longer shows the banner.
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
    expect(router.state.location.search).toBe('?livemode=false');
    await screen.findByRole('heading', { level: 1, name: 'Subscriptions and invoices' });
    await waitFor(() => expect(screen.queryByTestId('past-due-banner')).toBeNull());
  });

  it('the portal it returns to never shows the banner from before the payment, however slow its reload', async () => {
    let paid = false;
    const calls = api({
      'POST /api/payment-intents/pi_late/pay': () => {
        paid = true;
        return jsonResponse(paymentIntent({ id: 'pi_late', status: 'processing' }), 202);
      },
      // Once paid, the overdue list answers after the success has been shown for longer than usual.
      'GET /api/customers/cus_1/overdue/invoices': async () => {
        if (paid) await new Promise((resolve) => setTimeout(resolve, 3 * PAID_SHOWN_MS));
        return paid
          ? { invoices: [], summary: {}, customer: customer(), subscriptionCount: 0 }
          : {
              invoices: [overdueInvoice],
              summary: { pc_kdt: { amount: '2500000', currency: kdt, method: { ...method, settings: {} } } },
              customer: customer(),
              subscriptionCount: 1,
            };
      },
    });
    injectWallet();
    const { router } = renderRoutesAt('/customer?livemode=false', routes);
    fireEvent.click(
      within(await screen.findByTestId('past-due-banner')).getByRole('link', { name: 'Pay now' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 2.5 KDT' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Pay 2.5 KDT' })).findByRole('button', {
        name: /^Pay with /,
      }),
    );
    await screen.findByText('2.5 KDT: Paid');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'), { timeout: 10_000 });
    await screen.findByRole('table', { name: 'Invoices' });
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
    expect(calls.calls('GET /api/customers/cus_1/overdue/invoices').length).toBeGreaterThan(1);
  });

  it('returns only to an address of this site', async () => {
    api();
    injectWallet();
    const { router } = renderRoutesAt(
      '/customer/invoice/past-due?referer=https%3A%2F%2Fevil.example%2Fphish&livemode=false',
      routes,
    );
    expect(screen.queryByRole('link', { name: /evil/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 2.5 KDT' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog', { name: 'Pay 2.5 KDT' })).findByRole('button', {
        name: /^Pay with /,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
  });

  it('Try again reads the overdue invoices again after a failure; focus goes to the row to pay', async () => {
    let fail = true;
    api({
      'GET /api/customers/cus_1/overdue/invoices': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'down' }, 500)
          : {
              invoices: [overdueInvoice],
              summary: { pc_kdt: { amount: '2500000', currency: kdt, method: { ...method, settings: {} } } },
              customer: customer(),
              subscriptionCount: 1,
            },
    });
    injectWallet();
    renderRoutesAt('/customer/invoice/past-due?livemode=false', routes);
    const again = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    again.focus();
    fireEvent.click(again);
    // Try again is gone with the failure: focus goes to the row's Pay, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay 2.5 KDT' })),
    );
  });

  it('a past-due subscription says so on its page and leads to the past-due page, in Chinese', async () => {
    api();
    renderRoutesAt('/customer/subscription/sub_1?livemode=false', routes, createKioskI18n('zh'));
    const banner = await screen.findByTestId('past-due-banner');
    expect(banner.textContent).toContain('此订阅有一笔逾期账单');
    expect(within(banner).getByRole('link', { name: '立即支付' }).getAttribute('href')).toBe(
      '/customer/invoice/past-due?referer=%2Fcustomer%2Fsubscription%2Fsub_1%3Flivemode%3Dfalse&livemode=false',
    );
  });

  it('nothing overdue: the portal shows no banner and the page says so', async () => {
    const calls = api({
      'GET /api/customers/cus_1/overdue/invoices': () => ({
        invoices: [],
        summary: {},
        customer: customer(),
        subscriptionCount: 0,
      }),
      'GET /api/subscriptions': () => list([subscription()]),
    });
    renderRoutesAt('/customer/invoice/past-due?livemode=false', routes);
    await screen.findByText('Nothing is overdue. You can make new purchases.');
    cleanup();
    renderRoutesAt('/customer?livemode=false', routes);
    await screen.findByRole('table', { name: 'Invoices' });
    await waitFor(() => expect(calls.calls('GET /api/customers/cus_1/overdue/invoices')).toHaveLength(2));
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
  });
});
