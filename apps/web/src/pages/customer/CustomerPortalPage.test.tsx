import { act, cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { envelope, jsonResponse, line, mockApi, settings, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { DAY, invoice, me, monthly, NOW, ofProduct, subscription, trialing } from './portal-test-fixtures.ts';

const list = <T,>(items: T[]) => ({ list: items, count: items.length });

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    // An owner: the portal must still show only their own subscriptions as a customer.
    'GET /api/session': () => signedIn(userWithRoles(['owner'])),
    'GET /api/settings': () => settings(),
    'GET /api/customers/me': () => me(),
    'GET /api/subscriptions': () => list([subscription()]),
    'GET /api/invoices': () => list([invoice()]),
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () => envelope({ line_items: [line(monthly)] }),
    ...overrides,
  });
}

/** Narrow screens: every media query of the theme's `down('md')` kind matches. */
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

class FakeSocket {
  static last: FakeSocket | undefined;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
}

beforeAll(async () => {
  // Each list waits for the session, then the customer, then its answer: on a busy machine, more than 1 s.
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./CustomerPortalPage.tsx');
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal('WebSocket', undefined);
  // Only Date: the countdowns read it; react-query and the DOM keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('CustomerPortalPage', { timeout: 20_000 }, () => {
  it("lists the customer's own subscriptions and invoices in the mode asked for", async () => {
    const calls = api();
    renderRoutesAt('/customer?livemode=false', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions and invoices' })).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();

    const card = (await screen.findByRole('heading', { level: 3, name: 'Pro plan · Monthly' })).closest(
      'li',
    )!;
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('1 KDT per month')).toBeTruthy();
    expect(within(card).getByTestId('subscription-schedule').textContent).toMatch(/^Next invoice on .*2026/);
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/customer/subscription/sub_1?livemode=false',
    );

    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = (await within(table).findByRole('link', { name: 'KSK-20260101-AB12CD' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'KSK-20260101-AB12CD' }).getAttribute('href')).toBe(
      '/customer/invoice/in_1?livemode=false',
    );
    // Seed 001 §2: the related subscription links to its page, by its plan's name.
    expect(within(row).getByRole('link', { name: 'Pro plan · Monthly' }).getAttribute('href')).toBe(
      '/customer/subscription/sub_1?livemode=false',
    );
    expect(within(row).getByText('Subscription renewal')).toBeTruthy();
    expect(within(row).getByText('1 KDT')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText(/2026/)).toBeTruthy();

    // Every call names the mode; the lists name the customer, so an owner sees only their own.
    const subscriptionsCall = calls.calls('GET /api/subscriptions')[0]!.url.searchParams;
    expect(subscriptionsCall.get('livemode')).toBe('false');
    expect(subscriptionsCall.get('customer_id')).toBe('cus_1');
    const invoicesCall = calls.calls('GET /api/invoices')[0]!.url.searchParams;
    expect(Object.fromEntries(invoicesCall)).toMatchObject({
      livemode: 'false',
      customer_id: 'cus_1',
      ignore_zero: 'true',
      page: '1',
      pageSize: '10',
    });
    expect(calls.calls('GET /api/customers/me')[0]!.url.searchParams.get('livemode')).toBe('false');
  });

  it("counts a trial down and says when it cancels or when it ended, each in the seed's status colours", async () => {
    api({
      'GET /api/subscriptions': () =>
        list([
          trialing(6.5, { id: 'sub_trial', ...ofProduct('Trial plan') }),
          trialing(0.25, { id: 'sub_hours', ...ofProduct('Hours plan') }),
          subscription({
            id: 'sub_leaving',
            ...ofProduct('Leaving plan'),
            cancel_at_period_end: true,
            cancel_at: NOW + 3 * DAY,
          }),
          subscription({ id: 'sub_gone', ...ofProduct('Old plan'), status: 'canceled', ended_at: NOW - DAY }),
          subscription({ id: 'sub_unpaid', ...ofProduct('Unpaid plan'), status: 'incomplete' }),
        ]),
    });
    renderRoutesAt('/customer?livemode=false', routes);
    const card = async (name: string) =>
      (await screen.findByRole('heading', { level: 3, name })).closest('li')!;
    const trial = await card('Trial plan · Monthly');
    expect(within(trial).getByTestId('subscription-schedule').textContent).toBe('Trial ends in 6 days');
    expect(within(trial).getByText(/^Next invoice on/)).toBeTruthy();
    expect(within(trial).getByText('Trial').closest('.MuiChip-colorPrimary')).toBeTruthy();
    expect(within(await card('Hours plan · Monthly')).getByTestId('subscription-schedule').textContent).toBe(
      'Trial ends in 6 hours',
    );
    expect(
      within(await card('Leaving plan · Monthly')).getByTestId('subscription-schedule').textContent,
    ).toMatch(/^Cancels on /);
    const gone = await card('Old plan · Monthly');
    expect(within(gone).getByTestId('subscription-schedule').textContent).toMatch(/^Ended on /);
    expect(within(gone).getByText('Canceled').closest('.MuiChip-colorDefault')).toBeTruthy();
    // Issue 21 item 3: a checkout never paid is no debt and does not renew.
    expect(within(await card('Unpaid plan · Monthly')).getByTestId('subscription-schedule').textContent).toBe(
      'Awaiting its first payment: nothing is owed until you pay',
    );
  });

  it("strikes a void invoice's amount through, with the tooltip 'no payment required'", async () => {
    api({
      'GET /api/invoices': () =>
        list([invoice({ id: 'in_void', number: 'KSK-VOID', status: 'void', total: '2500000' })]),
    });
    renderRoutesAt('/customer?livemode=false', routes);
    const amount = await screen.findByTestId('void-amount');
    expect(amount.tagName).toBe('S');
    expect(amount.textContent).toBe('2.5 KDT');
    expect(amount.getAttribute('title')).toBe('no payment required');
    fireEvent.mouseOver(amount);
    expect((await screen.findByRole('tooltip')).textContent).toBe('no payment required');
    expect(screen.getByText('Void')).toBeTruthy();
  });

  it('shows the empty states to a buyer who has never checked out in this mode, without asking for lists', async () => {
    const calls = api({ 'GET /api/customers/me': () => me(null) });
    renderRoutesAt('/customer', routes);
    expect(await screen.findByText('You have no subscriptions yet.')).toBeTruthy();
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
    expect(calls.calls('GET /api/subscriptions')).toHaveLength(0);
    expect(calls.calls('GET /api/invoices')).toHaveLength(0);
    // Nothing in test mode either: no switch to offer.
    expect(screen.queryByRole('group', { name: 'Purchases shown' })).toBeNull();
  });

  it('shows a buyer whose purchases were in test mode a Live | Test switch, and them behind it', async () => {
    const calls = api({
      'GET /api/customers/me': ({ url }) => me(url.searchParams.get('livemode') === 'false' ? 'cus_1' : null),
    });
    renderRoutesAt('/customer', routes);
    expect(await screen.findByText('You have no subscriptions yet.')).toBeTruthy();
    const modes = await screen.findByRole('group', { name: 'Purchases shown' });
    expect(within(modes).getByRole('button', { name: 'Live' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getByText('You also have purchases made in test mode: choose Test to see them.'),
    ).toBeTruthy();
    expect(screen.queryByText('Test mode')).toBeNull();

    fireEvent.click(within(modes).getByRole('button', { name: 'Test' }));
    expect(await screen.findByRole('heading', { level: 3, name: /^Pro plan/ })).toBeTruthy();
    // Clearly marked: the test-mode chip beside the title, and the switch on Test.
    expect(screen.getByText('Test mode')).toBeTruthy();
    const switched = screen.getByRole('group', { name: 'Purchases shown' });
    expect(within(switched).getByRole('button', { name: 'Test' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.calls('GET /api/subscriptions')[0]!.url.searchParams.get('livemode')).toBe('false');

    fireEvent.click(within(switched).getByRole('button', { name: 'Live' }));
    expect(await screen.findByText('You have no subscriptions yet.')).toBeTruthy();
    expect(screen.queryByText('Test mode')).toBeNull();
  });

  it('shows skeletons while loading, then the error with a retry that reads the list again', async () => {
    let answer: () => unknown = () => new Promise(() => {});
    const calls = api({ 'GET /api/subscriptions': () => answer() });
    renderRoutesAt('/customer?livemode=false', routes);
    expect((await screen.findByLabelText('Loading your subscriptions…')).getAttribute('aria-busy')).toBe(
      'true',
    );
    cleanup();

    answer = () => jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500);
    renderRoutesAt('/customer?livemode=false', routes);
    const alert = await screen.findByText(/Your subscriptions could not be loaded\. Database unavailable/);
    expect(alert).toBeTruthy();
    answer = () => list([subscription()]);
    const before = calls.calls('GET /api/subscriptions').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Pro plan · Monthly' })).toBeTruthy();
    expect(calls.calls('GET /api/subscriptions').length).toBe(before + 1);
  });

  it('speaks Chinese: titles, status, price, countdown, reason and table', async () => {
    api({ 'GET /api/subscriptions': () => list([trialing(3)]) });
    renderRoutesAt('/customer?livemode=false', routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '订阅与账单' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Pro plan · 按月' })).closest('li')!;
    expect(within(card).getByText('试用中')).toBeTruthy();
    expect(within(card).getByText('每月 1 KDT')).toBeTruthy();
    expect(within(card).getByTestId('subscription-schedule').textContent).toBe('试用期将在 3 天后结束');
    const table = await screen.findByRole('table', { name: '账单' });
    expect(within(table).getByRole('columnheader', { name: '原因' })).toBeTruthy();
    expect(await within(table).findByText('订阅续费')).toBeTruthy();
    expect(within(table).getByText('已支付')).toBeTruthy();
  });

  it('lays the invoices out as a list of cards on a phone', async () => {
    onAPhone();
    // The table's own phone layout, once picked: a phone starts on the load-more list (InvoicesList.test.tsx).
    window.localStorage.setItem('kiosk.invoiceView', 'table');
    api();
    renderRoutesAt('/customer?livemode=false', routes);
    const invoices = await screen.findByRole('list', { name: 'Invoices' });
    expect(screen.queryByRole('table')).toBeNull();
    const item = await within(invoices).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'KSK-20260101-AB12CD' })).toBeTruthy();
    expect(within(item).getByText('Reason')).toBeTruthy();
  });

  it('reads the lists again after an invoice.paid event, and says the invoice was paid', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let status: 'open' | 'paid' = 'open';
    const calls = api({ 'GET /api/invoices': () => list([invoice({ status })]) });
    renderRoutesAt('/customer?livemode=false', routes);
    expect(await screen.findByText('Open')).toBeTruthy();
    const socket = FakeSocket.last!;
    act(() => socket.onopen?.());
    expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'customer:cus_1' }]);

    status = 'paid';
    const event = { type: 'invoice.paid', topic: 'customer:cus_1', data: { id: 'in_1' } };
    act(() => socket.onmessage?.({ data: JSON.stringify(event) }));
    expect(await screen.findByText('You have successfully paid the invoice')).toBeTruthy();
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(calls.calls('GET /api/invoices')).toHaveLength(2);
  });
});
