import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, settings, type ApiHandler } from '@kiosk/react/testing';
import type { ReactNode } from 'react';
import { modeKey } from '../../lib/query-client.ts';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { InvoicesList } from './InvoicesList.tsx';
import { InvoicesView } from './InvoicesView.tsx';
import { invoice } from './portal-test-fixtures.ts';

/**
 * The tests' clock: noon of 2026-01-10 on the machine's own clock, as the list groups by the reader's
 * calendar day; the invoices are made at hours of that same clock, so the days hold in any time zone.
 */
const at = (day: number, hour: number) => Math.floor(new Date(2026, 0, day, hour).getTime() / 1000);
const NOW = at(10, 12);

const list = (items: Invoice[]) => ({ list: items, count: items.length });
const names = new Map([['sub_1', 'Pro plan']]);
const PROPS = { livemode: false, filter: { customerId: 'cus_1' }, label: 'Invoices' } as const;

/** Invoice n of a long history: one a day, newest first, from today back. */
const nth = (n: number) =>
  invoice({ id: `in_${n}`, number: `KSK-${String(n).padStart(3, '0')}`, created_at: at(10 - n, 9) });

/** `GET /api/invoices` answering from `all` by the page and size asked for, as the server pages. */
function pagesOf(all: Invoice[]): ApiHandler {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    return { list: all.slice((page - 1) * size, page * size), count: all.length };
  };
}

function api(invoices: ApiHandler) {
  return mockApi({ 'GET /api/settings': () => settings(), 'GET /api/invoices': invoices });
}

const renderAt = (ui: ReactNode, i18n?: Parameters<typeof renderRoutesAt>[2]) =>
  renderRoutesAt('/', [{ path: '/', element: ui }], i18n);

/** Narrow screens: every media query (the theme's `down('sm')` among them) matches. */
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

const headings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const numbersUnder = (day: string) =>
  within(screen.getByRole('list', { name: day }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('link')[0]!.textContent);

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 });
});
beforeEach(() => {
  // Only Date: the day headings read it; react-query and the DOM keep real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('InvoicesList', { timeout: 20_000 }, () => {
  const history = [
    invoice({ id: 'in_today', number: 'KSK-TODAY', created_at: at(10, 9) }),
    invoice({ id: 'in_late', number: 'KSK-LATE', created_at: at(9, 23) }),
    invoice({ id: 'in_early', number: 'KSK-EARLY', created_at: at(9, 0) }),
    invoice({
      id: 'in_old',
      number: 'KSK-OLD',
      created_at: at(7, 10),
      billing_reason: 'subscription_create',
    }),
  ];

  it('groups invoices under Today, Yesterday and the long date of older days, newest first', async () => {
    api(() => ({ list: history, count: history.length }));
    renderAt(<InvoicesList {...PROPS} subscriptionNames={names} />);
    await screen.findByRole('link', { name: 'KSK-TODAY' });
    expect(headings()).toEqual(['Today', 'Yesterday', 'January 7, 2026']);
    expect(numbersUnder('Today')).toEqual(['KSK-TODAY']);
    expect(numbersUnder('Yesterday')).toEqual(['KSK-LATE', 'KSK-EARLY']);
    const old = within(screen.getByRole('list', { name: 'January 7, 2026' })).getByRole('listitem');
    expect(within(old).getByText('Subscription created')).toBeTruthy();
    expect(within(old).getByText('1 KDT')).toBeTruthy();
    expect(within(old).getByText('Paid')).toBeTruthy();
    // Seed 001 §2: the related subscription links to its page, by its plan's name.
    expect(within(old).getByRole('link', { name: 'Pro plan' }).getAttribute('href')).toBe(
      '/customer/subscription/sub_1?livemode=false',
    );
    expect(screen.getByText('Showing 4 of 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names the days in Chinese', async () => {
    api(() => ({ list: history, count: history.length }));
    renderAt(<InvoicesList {...PROPS} />, createKioskI18n('zh'));
    await screen.findByRole('link', { name: 'KSK-TODAY' });
    expect(headings()).toEqual(['今天', '昨天', '2026年1月7日']);
    expect(screen.getByText('已显示 4 张，共 4 张')).toBeTruthy();
    expect(screen.getAllByText('订阅续费')).toHaveLength(3);
  });

  it('links each in_ invoice to its page as the table does, and strikes a void amount through', async () => {
    api(() =>
      list([
        invoice({ id: 'in_owed', number: 'KSK-OWED', status: 'uncollectible', created_at: at(10, 8) }),
        invoice({
          id: 'in_void',
          number: 'KSK-VOID',
          status: 'void',
          total: '2500000',
          created_at: at(10, 7),
        }),
      ]),
    );
    renderAt(<InvoicesList {...PROPS} action="pay" />);
    const owed = await screen.findByRole('link', { name: 'KSK-OWED' });
    // Seed 001 §2: the action rides only on an uncollectible invoice's link.
    expect(owed.getAttribute('href')).toBe('/customer/invoice/in_owed?action=pay&livemode=false');
    expect(screen.getByText('Uncollectible')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'KSK-VOID' }).getAttribute('href')).toBe(
      '/customer/invoice/in_void?livemode=false',
    );
    const amount = screen.getByTestId('void-amount');
    expect(amount.tagName).toBe('S');
    expect(amount.textContent).toBe('2.5 KDT');
    fireEvent.mouseOver(amount);
    expect((await screen.findByRole('tooltip')).textContent).toBe('no payment required');
  });

  it('loads the next ten with "Load more", appends them, and drops the button once all are shown', async () => {
    const all = Array.from({ length: 12 }, (_, index) => nth(index));
    let release = () => {};
    const serve = pagesOf(all);
    const calls = api((request) =>
      request.url.searchParams.get('page') === '1'
        ? serve(request)
        : new Promise((resolve) => (release = () => resolve(serve(request)))),
    );
    renderAt(<InvoicesList {...PROPS} />);
    await screen.findByRole('link', { name: 'KSK-009' });
    expect(screen.queryByRole('link', { name: 'KSK-010' })).toBeNull();
    expect(screen.getByText('Showing 10 of 12')).toBeTruthy();
    expect(Object.fromEntries(calls.calls('GET /api/invoices')[0]!.url.searchParams)).toMatchObject({
      customer_id: 'cus_1',
      ignore_zero: 'true',
      livemode: 'false',
      page: '1',
      pageSize: '10',
    });

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);
    await waitFor(() => expect((more as HTMLButtonElement).disabled).toBe(true));
    expect(calls.calls('GET /api/invoices')).toHaveLength(2);
    expect(calls.calls('GET /api/invoices')[1]!.url.searchParams.get('page')).toBe('2');
    expect(calls.calls('GET /api/invoices')[1]!.url.searchParams.get('pageSize')).toBe('10');

    act(() => release());
    const eleventh = await screen.findByRole('link', { name: 'KSK-010' });
    expect(screen.getByRole('link', { name: 'KSK-011' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^KSK-/ })).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The pressed button is gone: the keyboard carries on from the first invoice it brought.
    await waitFor(() => expect(document.activeElement).toBe(eleventh));
    expect(calls.calls('GET /api/invoices')).toHaveLength(2);
  });

  it('reads every loaded page again when the portal refreshes its invoices', async () => {
    const all = Array.from({ length: 15 }, (_, index) => nth(index));
    const calls = api(pagesOf(all));
    const { queryClient } = renderAt(<InvoicesList {...PROPS} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'KSK-014' });

    // What use-customer-refresh.ts does on an invoice event.
    await act(() => queryClient.invalidateQueries({ queryKey: modeKey(false, 'invoices') }));
    const pages = calls.calls('GET /api/invoices').map((call) => call.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '1', '2']);
  });

  it('shows a skeleton while loading, then the empty text it is given', async () => {
    let answer: () => unknown = () => new Promise(() => {});
    api(() => answer());
    renderAt(<InvoicesList {...PROPS} />);
    expect((await screen.findByRole('list', { name: 'Invoices' })).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading your invoices…');
    cleanup();

    answer = () => list([]);
    renderAt(<InvoicesList {...PROPS} emptyText="Nothing billed yet." />);
    expect(await screen.findByText('Nothing billed yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows a failed read with a retry that reads the list again', async () => {
    let answer: () => unknown = () => jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500);
    const calls = api(() => answer());
    renderAt(<InvoicesList {...PROPS} />);
    expect(await screen.findByText(/The data could not be loaded\. Database unavailable/)).toBeTruthy();
    answer = () => list([nth(0)]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'KSK-000' })).toBeTruthy();
    expect(calls.calls('GET /api/invoices')).toHaveLength(2);
  });
});

describe('InvoicesView', { timeout: 20_000 }, () => {
  it('switches between the table and the list, and keeps the pick across a remount', async () => {
    api(() => list([nth(0)]));
    renderAt(<InvoicesView {...PROPS} />);
    const views = screen.getByRole('group', { name: 'Show invoices as' });
    const table = within(views).getByRole('button', { name: 'Table' });
    const listButton = within(views).getByRole('button', { name: 'List' });
    // A wide screen starts on the table.
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
    expect(table.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(listButton);
    expect(await screen.findByRole('heading', { level: 3, name: 'Today' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listButton.getAttribute('aria-pressed')).toBe('true');
    // Pressing the view already shown keeps it.
    fireEvent.click(listButton);
    expect(listButton.getAttribute('aria-pressed')).toBe('true');
    cleanup();

    renderAt(<InvoicesView {...PROPS} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Today' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
    expect(window.localStorage.getItem('kiosk.invoiceView')).toBe('table');
  });

  it('starts on the list on a phone until the customer picks the table', async () => {
    onAPhone();
    api(() => list([nth(0)]));
    renderAt(<InvoicesView {...PROPS} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Today' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(await screen.findByRole('link', { name: 'KSK-000' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });
});
