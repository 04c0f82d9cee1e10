import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@kiosk/react/testing';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { mockSubscriptionsApi, subscription, type MerchantSubscriptions } from './subscription-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const ACTIVE = subscription({ id: 'sub_test_1' });
const PAUSED = subscription({ id: 'sub_test_2', status: 'paused', customer_id: 'cus_other' });
const LIVE = subscription({ id: 'sub_live_1', livemode: true, customer_id: 'cus_live' });

function data(): MerchantSubscriptions {
  return { list: [ACTIVE, PAUSED, LIVE].map((s) => ({ ...s })), invoices: [], events: [] };
}

async function table() {
  return screen.findByRole('table', { name: 'Subscriptions' }, { timeout: 10_000 });
}

inDashboardTestMode();

describe('SubscriptionsPage', { timeout: 20_000 }, () => {
  it("lists the mode's subscriptions: customer, plan, amount per interval, status, period end, created", async () => {
    const api = mockSubscriptionsApi(data());
    renderRoutesAt('/dashboard/subscriptions', routes);
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent).toBe(
      'Subscriptions',
    );
    const row = (await within(await table()).findByText('Ada Lovelace')).closest('tr')!;
    expect(within(row).getByText('ada@example.com')).toBeTruthy();
    expect(within(row).getByText('Pro plan · Monthly')).toBeTruthy();
    expect(within(row).getByText('1 KDT per month')).toBeTruthy();
    expect(within(row).getByText('Active').closest('.MuiChip-colorSuccess')).toBeTruthy();
    expect(within(row).getByText(formatUnixTime(ACTIVE.current_period_end, 'en'))).toBeTruthy();
    expect(within(row).getByText(formatUnixTime(ACTIVE.created_at, 'en'))).toBeTruthy();
    // A customer not (yet) read shows their id; the paused one is amber.
    const paused = within(await table())
      .getByText('cus_other')
      .closest('tr')!;
    expect(within(paused).getByText('Paused').closest('.MuiChip-colorWarning')).toBeTruthy();
    expect(screen.queryByText('Grace Hopper')).toBeNull();

    const asked = api.calls('GET /api/subscriptions')[0]!.url.searchParams;
    expect([asked.get('livemode'), asked.get('page'), asked.get('pageSize'), asked.get('status')]).toEqual([
      'false',
      '1',
      '10',
      null,
    ]);
  });

  it('filters by status: the filter is sent and kept in the address', async () => {
    const api = mockSubscriptionsApi(data());
    const { router } = renderRoutesAt('/dashboard/subscriptions', routes);
    await within(await table()).findByText('Ada Lovelace');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'paused' } });

    expect(await within(await table()).findByText('cus_other')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(api.calls('GET /api/subscriptions').at(-1)!.url.searchParams.get('status')).toBe('paused');
    expect(router.state.location.search).toBe('?status=paused');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'canceled' } });
    expect(await screen.findByText('No subscriptions with the status “Canceled”.')).toBeTruthy();
  });

  it('switches to live: live rows and calls only', async () => {
    const api = mockSubscriptionsApi(data());
    renderRoutesAt('/dashboard/subscriptions', routes);
    await within(await table()).findByText('Ada Lovelace');

    fireEvent.click(screen.getByRole('switch', { name: 'Test mode' }));

    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(api.calls('GET /api/subscriptions').at(-1)!.url.searchParams.get('livemode')).toBe('true');
  });

  it('opens a subscription from its row', async () => {
    mockSubscriptionsApi(data());
    const { router } = renderRoutesAt('/dashboard/subscriptions', routes);
    fireEvent.click(await within(await table()).findByText('Ada Lovelace'));
    expect(router.state.location.pathname).toBe('/dashboard/subscriptions/sub_test_1');
  });

  it('says when a mode has none, and retries a failed load', async () => {
    let fail = true;
    mockSubscriptionsApi(
      { list: [], invoices: [], events: [] },
      {
        'GET /api/subscriptions': () =>
          fail ? jsonResponse({ code: 'INTERNAL', error: 'Database away' }, 500) : { list: [], count: 0 },
      },
    );
    renderRoutesAt('/dashboard/subscriptions', routes);
    expect(await screen.findByText(/Database away/, undefined, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText(/No test subscriptions yet\./)).toBeTruthy();
  });
});
