import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardMetrics } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, paymentMethod } from '@kiosk/react/testing';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const DAY_MS = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

function metrics(currency_id: string, totals: Partial<DashboardMetrics['totals']> = {}): DashboardMetrics {
  const zero = {
    gross_volume: '0',
    refunds: '0',
    net_volume: '0',
    new_customers: 0,
    active_subscriptions: 0,
    mrr: '0',
  };
  return {
    object: 'dashboard_metrics',
    livemode: false,
    currency_id,
    from: '2025-03-01',
    to: '2025-03-02',
    days: [
      { date: '2025-03-01', ...zero, gross_volume: '2000000', new_customers: 1 },
      { date: '2025-03-02', ...zero },
    ],
    totals: { ...zero, ...totals },
  };
}

const KDT_TOTALS = {
  gross_volume: '8500000',
  refunds: '500000',
  net_volume: '8000000',
  new_customers: 1234,
  active_subscriptions: 2,
  mrr: '6003041',
};

function mockHomeApi(
  answer: (url: URL) => DashboardMetrics | Response = (url) =>
    metrics(url.searchParams.get('currency_id')!, KDT_TOTALS),
  methods = [paymentMethod({ livemode: false })],
) {
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': () => ({ list: methods, count: methods.length }),
    'GET /api/dashboard/metrics': ({ url }) => answer(url),
  });
}

async function pageHeading(): Promise<string | null> {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })).textContent;
}

function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

inDashboardTestMode();

describe('HomePage', { timeout: 40_000 }, () => {
  it("asks for the last 30 days in the mode's first currency and shows each total, formatted, as a link to its list", async () => {
    const api = mockHomeApi();
    renderRoutesAt('/dashboard/home', routes);
    expect(await pageHeading()).toBe('Home');
    const gross = await screen.findByRole(
      'link',
      { name: 'Gross volume: 8.5 KDT, open the list' },
      { timeout: 20_000 },
    );
    expect(gross.getAttribute('href')).toBe('/dashboard/payments');
    expect(gross.textContent).toBe('8.5 KDT');
    const links = [
      ['Net volume: 8 KDT, open the list', '/dashboard/payments'],
      ['New customers: 1,234, open the list', '/dashboard/customers'],
      // 6.003041 KDT shown at the currency's precision of 2.
      ['MRR: 6 KDT, open the list', '/dashboard/subscriptions'],
      ['Active subscriptions: 2, open the list', '/dashboard/subscriptions'],
    ];
    for (const [name, href] of links)
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);

    const asked = api.calls('GET /api/dashboard/metrics')[0]!.url.searchParams;
    expect([asked.get('livemode'), asked.get('currency_id'), asked.get('from'), asked.get('to')]).toEqual([
      'false',
      'pc_kdt',
      utcDay(29),
      utcDay(0),
    ]);
    // Each chart (the real one: it draws in jsdom) is named with its total and range.
    const chart = screen.getByRole('img', { name: /^Gross volume: 8\.5 KDT from .+ to .+, by day$/ });
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: /^New customers: 1,234 from .+ to .+, by day$/ })).toBeTruthy();
  });

  it('asks again for the range and currency chosen, and keeps them in the address', async () => {
    const api = mockHomeApi((url) =>
      metrics(url.searchParams.get('currency_id')!, { gross_volume: (2n ** 70n).toString() }),
    );
    const { router } = renderRoutesAt('/dashboard/home', routes);
    await screen.findByRole('link', { name: /^Gross volume: / }, { timeout: 20_000 });
    pick('Range', 'Last 7 days');
    pick('Currency', 'ETH');
    // 2^70 wei (1180.591620717411303424 ETH) at the currency's precision of 6.
    expect(
      await screen.findByRole('link', { name: 'Gross volume: 1,180.591621 ETH, open the list' }),
    ).toBeTruthy();
    const last = api.calls('GET /api/dashboard/metrics').at(-1)!.url.searchParams;
    expect([last.get('currency_id'), last.get('from'), last.get('to')]).toEqual([
      'pc_eth',
      utcDay(6),
      utcDay(0),
    ]);
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('range'), address.get('currency')]).toEqual(['7d', 'pc_eth']);
  });

  it('says when nothing happened in the range, and when the mode has no payment method', async () => {
    mockHomeApi((url) => metrics(url.searchParams.get('currency_id')!));
    renderRoutesAt('/dashboard/home', routes);
    expect(
      await screen.findByText('Nothing happened in test mode in this range.', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Gross volume/ })).toBeNull();
    cleanup();

    const api = mockHomeApi(undefined, []);
    renderRoutesAt('/dashboard/home', routes);
    expect(await screen.findByText('No test payment method yet, so nothing to chart.')).toBeTruthy();
    expect(api.calls('GET /api/dashboard/metrics')).toHaveLength(0);
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    const api = mockHomeApi((url) =>
      fail
        ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
        : metrics(url.searchParams.get('currency_id')!, KDT_TOTALS),
    );
    renderRoutesAt('/dashboard/home', routes);
    expect(await screen.findByText('The figures could not be loaded.', {}, { timeout: 20_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Gross volume: 8.5 KDT, open the list' })).toBeTruthy();
    expect(api.calls('GET /api/dashboard/metrics').length).toBeGreaterThan(1);
  });

  it('speaks Chinese', async () => {
    mockHomeApi();
    renderRoutesAt('/dashboard/home', routes, createKioskI18n('zh'));
    expect(
      await screen.findByRole('link', { name: '总交易额：8.5 KDT，打开列表' }, { timeout: 20_000 }),
    ).toBeTruthy();
  });
});
