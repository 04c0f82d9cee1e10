import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@kiosk/contracts';
import { customer, jsonResponse, mockApi } from '@kiosk/react/testing';
import { createKioskI18n } from '@kiosk/react/i18n';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';

const ADA = customer({ id: 'cus_test_ada' });
const NAMELESS = customer({
  id: 'cus_test_nameless',
  name: null,
  fullName: null,
  email: 'someone@example.com',
  did: 'did:pkh:eip155:1:0x1234567890abcdef1234567890abcdef12345678',
});
const GRACE = customer({
  id: 'cus_live_grace',
  livemode: true,
  name: 'Grace Hopper',
  email: 'grace@example.com',
});

/** The merchant API of both modes, each answering its own customers, those matching `q` only. */
function mockCustomersApi(
  customers: Record<'live' | 'test', Customer[]> = { live: [GRACE], test: [ADA, NAMELESS] },
) {
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/customers': ({ url }) => {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const list = customers[url.searchParams.get('livemode') === 'false' ? 'test' : 'live'].filter((c) =>
        [c.name, c.email, c.did].some((field) => field?.toLowerCase().includes(q)),
      );
      return { list, count: list.length };
    },
  });
}

async function pageHeading(): Promise<string | null> {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('CustomersPage', { timeout: 20_000 }, () => {
  it("lists the current mode's customers: name, email, shortened DID and when each was made", async () => {
    window.localStorage.setItem('livemode', 'false');
    const api = mockCustomersApi();
    renderRoutesAt('/dashboard/customers', routes);
    expect(await pageHeading()).toBe('Customers');
    const table = await screen.findByRole('table', { name: 'Customers' });
    const ada = (await within(table).findByText('Ada Lovelace')).closest('tr')!;
    expect(within(ada).getByText('ada@example.com')).toBeTruthy();
    expect(within(ada).getByText('0x7099…79c8').getAttribute('title')).toBe(ADA.did);
    expect(within(ada).getByText(formatUnixTime(ADA.created_at, 'en'))).toBeTruthy();
    const nameless = within(table).getByText('someone@example.com').closest('tr')!;
    expect(within(nameless).getByText('No name given')).toBeTruthy();
    expect(within(nameless).getByText('0x1234…5678')).toBeTruthy();
    expect(screen.queryByText('Grace Hopper')).toBeNull();

    const asked = api.calls('GET /api/customers')[0]!.url.searchParams;
    expect([asked.get('livemode'), asked.get('page'), asked.get('pageSize'), asked.get('q')]).toEqual([
      'false',
      '1',
      '10',
      null,
    ]);
  });

  it('switches to live: live customers only, asked in live mode', async () => {
    window.localStorage.setItem('livemode', 'false');
    const api = mockCustomersApi();
    renderRoutesAt('/dashboard/customers', routes);
    await screen.findByText('Ada Lovelace', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(api.calls('GET /api/customers').at(-1)!.url.searchParams.get('livemode')).toBe('true');
  });

  it('sends the search to the server and says when nothing matches', async () => {
    window.localStorage.setItem('livemode', 'false');
    const api = mockCustomersApi();
    const { router } = renderRoutesAt('/dashboard/customers', routes);
    await screen.findByText('Ada Lovelace', {}, { timeout: 10_000 });

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'someone' } });
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).toBeNull());
    expect(screen.getByText('someone@example.com')).toBeTruthy();
    const asked = api.calls('GET /api/customers').at(-1)!.url.searchParams;
    expect([asked.get('q'), asked.get('livemode'), asked.get('page')]).toEqual(['someone', 'false', '1']);
    expect(router.state.location.search).toBe('?q=someone');

    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No customer’s name, email or DID contains “nobody”.')).toBeTruthy();
  });

  it('says when a mode has no customers yet, in Chinese too', async () => {
    window.localStorage.setItem('livemode', 'false');
    mockCustomersApi({ live: [], test: [] });
    renderRoutesAt('/dashboard/customers', routes, createKioskI18n('zh'));
    expect(await pageHeading()).toBe('客户');
    expect(await screen.findByText('还没有测试模式的客户。')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
      'GET /api/customers': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
          : { list: [GRACE], count: 1 },
    });
    renderRoutesAt('/dashboard/customers', routes);
    await pageHeading();
    expect(
      await screen.findByText(/The data could not be loaded\. Sorry, something went wrong\./),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  });

  it("opens a customer's page from its row", async () => {
    window.localStorage.setItem('livemode', 'false');
    mockCustomersApi();
    const { router } = renderRoutesAt('/dashboard/customers', routes);
    fireEvent.click((await screen.findByText('Ada Lovelace', {}, { timeout: 10_000 })).closest('tr')!);
    expect(router.state.location.pathname).toBe('/dashboard/customers/cus_test_ada');
  });
});
