import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse } from '@kiosk/react/testing';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import {
  invoice,
  mockSubscriptionsApi,
  NOW,
  subscription,
  subscriptionEvent,
  type MerchantSubscriptions,
} from './subscription-fixtures.ts';
import type { Subscription } from '@kiosk/contracts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const date = (unix: number) => formatUnixTime(unix, 'en');

function data(...list: Subscription[]): MerchantSubscriptions {
  const first = list[0]!;
  return {
    list,
    invoices: [invoice()],
    events: [
      subscriptionEvent('evt_2', 'customer.subscription.updated', first, NOW - 86_400),
      subscriptionEvent('evt_1', 'customer.subscription.created', first, NOW - 9 * 86_400),
    ],
  };
}

async function pageHeading(name?: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

/** The value a summary row shows beside its label (read behind an open dialog too). */
function fact(label: string): string | null | undefined {
  const term = screen.getAllByRole('term', { hidden: true }).find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent;
}

const section = (name: string) => screen.getByRole('region', { name });
const button = (name: string) => screen.queryByRole('button', { name });

inDashboardTestMode();

describe('SubscriptionDetailPage', { timeout: 20_000 }, () => {
  it('shows its summary, items, customer, invoices and events', async () => {
    const active = subscription();
    const api = mockSubscriptionsApi(data(active));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading('Pro plan · Monthly');
    expect(fact('Status')).toBe('Active');
    expect(fact('Amount')).toBe('1 KDT per month');
    expect(fact('Current period')).toBe(
      `${date(active.current_period_start)} – ${date(active.current_period_end)}`,
    );
    expect(fact('Cancels at period end')).toBe('No');
    expect(fact('Collection paused')).toBe('No');
    expect(fact('Payment method')).toBe('Local chain');
    expect(fact('Currency')).toBe('KDT');

    expect(within(section('Items')).getByText('Pro plan')).toBeTruthy();
    expect(within(section('Items')).getByText('Quantity 1 · price_monthly')).toBeTruthy();
    const customer = section('Customer');
    expect(await within(customer).findByText('Ada Lovelace')).toBeTruthy();
    expect(within(customer).getByRole('link', { name: 'cus_1' }).getAttribute('href')).toBe(
      '/dashboard/customers/cus_1',
    );
    const invoices = section('Invoices');
    expect(
      (await within(invoices).findByRole('link', { name: 'KSK-20260101-AB12CD' })).getAttribute('href'),
    ).toBe('/dashboard/invoices/in_1');
    expect(within(invoices).getByText('Paid')).toBeTruthy();
    expect(within(invoices).getByText('1 KDT')).toBeTruthy();
    const timeline = await within(section('Events')).findByRole('list', {
      name: 'Events of subscription sub_1',
    });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Subscription created'),
      expect.stringContaining('Subscription updated'),
    ]);

    expect(api.calls('GET /api/subscriptions/sub_1')[0]!.url.searchParams.get('livemode')).toBe('false');
    const asked = api.calls('GET /api/invoices')[0]!.url.searchParams;
    expect([asked.get('subscription_id'), asked.get('livemode')]).toEqual(['sub_1', 'false']);
    expect(api.calls('GET /api/events')[0]!.url.searchParams.get('object_id')).toBe('sub_1');
    // Active: Pause and Cancel, no Resume.
    expect(button('Pause')).toBeTruthy();
    expect(button('Cancel subscription')).toBeTruthy();
    expect(button('Resume')).toBeNull();
    // No stake: neither its row nor a slash.
    expect(fact('Stake')).toBeUndefined();
    expect(button('Slash stake')).toBeNull();
  });

  it('pauses an active subscription, then resumes it', async () => {
    const api = mockSubscriptionsApi(data(subscription()));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading();
    fireEvent.click(button('Pause')!);
    const dialog = await screen.findByRole('dialog', { name: 'Pause collection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause collection' }));

    expect(await screen.findByText('Collection paused.')).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/pause')).toHaveLength(1);
    await waitFor(() => expect(fact('Status')).toBe('Paused'));
    expect(fact('Collection paused')).toBe('Yes');
    expect(button('Pause')).toBeNull();

    fireEvent.click(button('Resume')!);
    const resume = await screen.findByRole('dialog', { name: 'Resume collection?' });
    fireEvent.click(within(resume).getByRole('button', { name: 'Resume collection' }));
    expect(await screen.findByText(/Collection resumed\./)).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/resume')).toHaveLength(1);
    await waitFor(() => expect(fact('Status')).toBe('Active'));
  });

  it('cancels at the period end by default, or now when chosen, sending that choice', async () => {
    const active = subscription();
    const api = mockSubscriptionsApi(data(active, subscription({ id: 'sub_2' })));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading();
    fireEvent.click(button('Cancel subscription')!);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    const periodEnd = within(dialog).getByRole('radio', {
      name: `At the end of the current period (${date(active.current_period_end)})`,
    });
    expect(periodEnd).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(
      await screen.findByText(`The subscription will cancel on ${date(active.current_period_end)}.`),
    ).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/cancel')[0]!.body).toEqual({ at: 'current_period_end' });
    await waitFor(() =>
      expect(fact('Cancels at period end')).toBe(`Cancels on ${date(active.current_period_end)}`),
    );
    expect(fact('Canceled by')).toBe('You (the merchant)');
    // Set to cancel at the end: it may be kept instead, and then cancelled again.
    fireEvent.click(button('Keep subscription')!);
    const keep = await screen.findByRole('dialog', { name: 'Keep the subscription?' });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep subscription' }));
    expect(
      await screen.findByText(`The subscription continues. It renews on ${date(active.current_period_end)}.`),
    ).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/recover')).toHaveLength(1);
    await waitFor(() => expect(fact('Cancels at period end')).toBe('No'));
    expect(button('Keep subscription')).toBeNull();
    fireEvent.click(button('Cancel subscription')!);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(fact('Cancels at period end')).toBe(`Cancels on ${date(active.current_period_end)}`),
    );
    // Set to cancel at the end: only "now" is left.
    fireEvent.click(button('Cancel subscription')!);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['now']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('The subscription is canceled.')).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/cancel')[2]!.body).toEqual({ at: 'now' });
    await waitFor(() => expect(fact('Status')).toBe('Canceled'));
    // Ended: no cancel is pending any more.
    expect(fact('Cancels at period end')).toBe('No');
    // Ended: no action is offered.
    expect([button('Pause'), button('Resume'), button('Cancel subscription')]).toEqual([null, null, null]);
  });

  it('offers only what the state allows: a trial cancels now only, and cannot be paused', async () => {
    mockSubscriptionsApi(data(subscription({ status: 'trialing', trial_end: NOW + 86_400 })));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading();
    expect(fact('Trial ends')).toBe(date(NOW + 86_400));
    expect([button('Pause'), button('Resume')]).toEqual([null, null]);
    fireEvent.click(button('Cancel subscription')!);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['now']);
  });

  it("shows a past-due subscription's stake, and slashes it with a reason", async () => {
    const stake = {
      status: 'held' as const,
      amount: '5000000',
      currency_id: 'pc_kdt',
      payment_method_id: 'pm_local',
      id: `0x${'ab'.repeat(32)}`,
      details: {},
    };
    const api = mockSubscriptionsApi(data(subscription({ status: 'past_due', stake })));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading();
    expect(fact('Stake')).toBe('5 KDT · Held');
    fireEvent.click(button('Slash stake')!);
    const dialog = await screen.findByRole('dialog', { name: 'Slash the stake?' });
    // A slash says why: the customer reads it on the slash invoice.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Slash stake' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/slash-stake')).toHaveLength(0);
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: ' Three months unpaid ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Slash stake' }));
    expect(await screen.findByText(/The slash is under way/)).toBeTruthy();
    expect(api.calls('PUT /api/subscriptions/sub_1/slash-stake')[0]!.body).toEqual({
      reason: 'Three months unpaid',
    });
    // One slash at a time: no second while this one is under way.
    await waitFor(() => expect(button('Slash stake')).toBeNull());
  });

  it("says the server's refusal in the dialog and keeps it open", async () => {
    mockSubscriptionsApi(data(subscription()), {
      'PUT /api/subscriptions/sub_1/pause': () =>
        jsonResponse(
          { code: 'SUBSCRIPTION_NOT_PAUSABLE', error: 'Only an active subscription can be paused' },
          409,
        ),
    });
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    await pageHeading();
    fireEvent.click(button('Pause')!);
    const dialog = await screen.findByRole('dialog', { name: 'Pause collection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause collection' }));
    expect(await within(dialog).findByText('Only an active subscription can be paused')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Pause collection?' })).toBeTruthy();
    expect(fact('Status')).toBe('Active');
  });

  it('says a subscription of another mode or none is not found', async () => {
    mockSubscriptionsApi(data(subscription({ livemode: true })));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes);
    expect(await screen.findByText('Subscription not found', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/No test subscription has the id sub_1\./)).toBeTruthy();
    // The way back, beside the dashboard's own Subscriptions section.
    const back = screen.getAllByRole('link', { name: 'Subscriptions' }).find((link) => !link.closest('nav'));
    expect(back?.getAttribute('href')).toBe('/dashboard/subscriptions');
  });

  it('reads in Chinese: the summary, the sections and the cancel dialog', async () => {
    mockSubscriptionsApi(data(subscription()));
    renderRoutesAt('/dashboard/subscriptions/sub_1', routes, createKioskI18n('zh'));
    await pageHeading();
    expect(fact('周期结束时取消')).toBe('否');
    expect(section('发票')).toBeTruthy();
    expect(await within(section('事件')).findByText('订阅已创建')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消订阅' }));
    const dialog = await screen.findByRole('dialog', { name: '取消此订阅？' });
    expect(within(dialog).getByRole('radio', { name: '立即' })).toBeTruthy();
  });
});
