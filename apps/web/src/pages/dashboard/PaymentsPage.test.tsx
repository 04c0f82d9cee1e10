import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIntent } from '@kiosk/contracts';
import { customer, jsonResponse, mockApi, paymentIntent, paymentMethod } from '@kiosk/react/testing';
import type { Role } from '@kiosk/core';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';

const TEST_INTENT = paymentIntent({ id: 'pi_test_1', livemode: false, amount: '25000000' });
const LIVE_INTENT = paymentIntent({
  id: 'pi_live_1',
  livemode: true,
  status: 'succeeded',
  amount: '1500000',
  customer_id: 'cus_live',
});

/** The merchant API of both modes, each answering only its own objects, as the server does. */
function mockMerchantApi(
  roles: Role[] = ['owner', 'member'],
  intents: Record<'live' | 'test', PaymentIntent[]> = { live: [LIVE_INTENT], test: [TEST_INTENT] },
) {
  const modeOf = (url: URL) => (url.searchParams.get('livemode') === 'false' ? 'test' : 'live');
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(roles)),
    'GET /api/payment-intents': ({ url }) => {
      const list = intents[modeOf(url)];
      return { list, count: list.length };
    },
    'GET /api/payment-methods': ({ url }) => ({
      list: [paymentMethod({ livemode: modeOf(url) === 'live' })],
      count: 1,
    }),
    'GET /api/customers/cus_1': () => customer(),
    'GET /api/customers/cus_live': () =>
      customer({ id: 'cus_live', livemode: true, name: 'Grace Hopper', email: 'grace@example.com' }),
  });
}

/** The page's h1, once the lazy page has loaded (slow on a busy machine). */
async function pageHeading(): Promise<string | null> {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// The first test also loads the lazy page and MUI's table on a busy machine.
describe('PaymentsPage', { timeout: 20_000 }, () => {
  it("lists the current mode's payments: amount, status, customer, date and id", async () => {
    window.localStorage.setItem('livemode', 'false');
    const api = mockMerchantApi();
    renderRoutesAt('/dashboard/payments', routes);
    expect(await pageHeading()).toBe('Payments');
    const table = await screen.findByRole('table', { name: 'Payments' });
    const row = (await within(table).findByText('pi_test_1')).closest('tr')!;
    // 25000000 smallest units of a 6-decimal token.
    expect(within(row).getByText('25 KDT')).toBeTruthy();
    // Issue 21 item 3: a checkout submitted and not paid (yet) is no money owed: Stripe's "Incomplete",
    // without the warning colour; it is canceled when its session expires.
    expect(within(row).getByText('Incomplete').closest('.MuiChip-colorDefault')).toBeTruthy();
    expect(await within(row).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(row).getByText('ada@example.com')).toBeTruthy();
    expect(within(row).getByText(formatUnixTime(TEST_INTENT.created_at, 'en'))).toBeTruthy();
    expect(screen.queryByText('pi_live_1')).toBeNull();

    const asked = api.calls('GET /api/payment-intents')[0]!.url.searchParams;
    expect([asked.get('livemode'), asked.get('page'), asked.get('pageSize')]).toEqual(['false', '1', '10']);
    expect(screen.getByRole('switch', { name: 'Test mode' })).toHaveProperty('checked', true);
    // The dashboard's sections, this one marked; Developers leads to API keys, webhooks and events.
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Developers' }).getAttribute('href')).toBe(
      '/dashboard/developers',
    );
  });

  it('switches to live on the page: live rows only, live calls, and the test data forgotten', async () => {
    window.localStorage.setItem('livemode', 'false');
    const api = mockMerchantApi();
    const { queryClient } = renderRoutesAt('/dashboard/payments', routes);
    await pageHeading();
    await screen.findByText('pi_test_1');

    fireEvent.click(screen.getByRole('switch', { name: 'Test mode' }));

    expect(window.localStorage.getItem('livemode')).toBe('true');
    expect(await screen.findByText('pi_live_1')).toBeTruthy();
    expect(screen.queryByText('pi_test_1')).toBeNull();
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('1.5 KDT')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Payments' })).getByText('Succeeded')).toBeTruthy();
    expect(api.calls('GET /api/payment-intents').at(-1)!.url.searchParams.get('livemode')).toBe('true');
    expect(queryClient.getQueryCache().findAll({ queryKey: ['mode', false] })).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Test mode' })).toHaveProperty('checked', false);
  });

  it('says what to do when a mode has no payments yet', async () => {
    window.localStorage.setItem('livemode', 'false');
    mockMerchantApi(['admin', 'member'], { live: [], test: [] });
    renderRoutesAt('/dashboard/payments', routes);
    await pageHeading();
    expect(
      await screen.findByText(/No test payments yet\. Create a payment link with a test API key/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage API keys' }).getAttribute('href')).toBe('/profile');

    fireEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    expect(await screen.findByText(/No live payments yet\./)).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
      'GET /api/payment-intents': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
          : { list: [LIVE_INTENT], count: 1 },
      'GET /api/payment-methods': () => ({ list: [paymentMethod()], count: 1 }),
      'GET /api/customers/cus_live': () => customer({ id: 'cus_live' }),
    });
    renderRoutesAt('/dashboard/payments', routes);
    await pageHeading();
    expect(
      await screen.findByText(/The data could not be loaded\. Sorry, something went wrong\./),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('pi_live_1')).toBeTruthy();
  });

  it('keeps members out: the 403 page, and no payment is asked for', async () => {
    const api = mockMerchantApi(['developer', 'member']);
    renderRoutesAt('/dashboard/payments', routes);
    expect(await screen.findByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
    expect(api.calls('GET /api/payment-intents')).toHaveLength(0);
  });

  it("opens a payment's page from its row", async () => {
    window.localStorage.setItem('livemode', 'false');
    mockMerchantApi();
    const { router } = renderRoutesAt('/dashboard/payments', routes);
    await pageHeading();
    fireEvent.click((await screen.findByText('pi_test_1')).closest('tr')!);
    expect(router.state.location.pathname).toBe('/dashboard/payments/pi_test_1');
  });

  it('opens the dashboard on its home, whose sections lead to the payments', async () => {
    mockMerchantApi();
    const { router } = renderRoutesAt('/dashboard', routes);
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/dashboard/home');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Payments' }));
    expect(await pageHeading()).toBe('Payments');
    expect(router.state.location.pathname).toBe('/dashboard/payments');
  });
  it("narrows to one status, and to one customer from the customer's See all, until the chip is removed", async () => {
    window.localStorage.setItem('livemode', 'true');
    const api = mockMerchantApi();
    renderRoutesAt('/dashboard/payments?customer=cus_live&status=succeeded', routes);
    expect(await pageHeading()).toBe('Payments');
    const chip = await screen.findByRole('button', { name: 'Customer: Grace Hopper' });
    const asked = api.calls('GET /api/payment-intents').at(-1)!.url.searchParams;
    expect([asked.get('customer_id'), asked.get('status')]).toEqual(['cus_live', 'succeeded']);
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('succeeded');

    fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /^Customer:/ })).toBeNull());
    await vi.waitFor(() => {
      const widened = api.calls('GET /api/payment-intents').at(-1)!.url.searchParams;
      expect([widened.get('customer_id'), widened.get('status')]).toEqual([null, 'succeeded']);
    });
  });
});
