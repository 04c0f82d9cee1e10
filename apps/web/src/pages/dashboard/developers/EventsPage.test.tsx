import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { eventRecord, failure, mockDevelopersApi, phoneMatchMedia } from './developers-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const PAID = eventRecord();
const CHARGE = eventRecord({
  id: 'evt_2',
  type: 'charge.succeeded',
  object_type: 'charge',
  object_id: 'ch_1',
  data: { id: 'ch_1', amount: '25000000' },
});

/** GET /api/events as the server answers it: newest first, a type or a `group.*` filter applied. */
function mockEvents() {
  return mockDevelopersApi({
    'GET /api/events': ({ url }) => {
      const type = url.searchParams.get('type');
      const list = [CHARGE, PAID].filter(
        (event) =>
          !type || event.type === type || (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1))),
      );
      return { list, count: list.length };
    },
  });
}

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

inDashboardTestMode();

describe('EventsPage', { timeout: 20_000 }, () => {
  it("lists the mode's events with their object, and opens one's JSON", async () => {
    const api = mockEvents();
    renderRoutesAt('/dashboard/developers/events', routes);
    expect(await heading()).toBe('Events');
    const table = await screen.findByRole('table', { name: 'Events' });
    const row = (await within(table).findByText('evt_2')).closest('tr')!;
    expect(within(row).getByText('charge.succeeded')).toBeTruthy();
    expect(within(row).getByText('ch_1')).toBeTruthy();
    expect(within(table).getByText('in_1')).toBeTruthy();

    const show = within(row).getByRole('button', { name: 'Show JSON' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    const json = document.getElementById(show.getAttribute('aria-controls')!)!;
    expect(JSON.parse(json.textContent!)).toEqual(CHARGE);
    expect(api.calls('GET /api/events')[0]!.url.searchParams.get('livemode')).toBe('false');
  });

  it('filters by a type or a group, kept in the address', async () => {
    const api = mockEvents();
    const { router } = renderRoutesAt('/dashboard/developers/events', routes);
    await heading();
    await screen.findByText('evt_2');
    fireEvent.change(screen.getByRole('combobox', { name: 'Event type' }), {
      target: { value: 'invoice.*' },
    });
    expect(await screen.findByText('evt_1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('evt_2')).toBeNull());
    expect(api.calls('GET /api/events').at(-1)!.url.searchParams.get('type')).toBe('invoice.*');
    expect(router.state.location.search).toBe('?type=invoice.*');

    fireEvent.change(screen.getByRole('combobox', { name: 'Event type' }), {
      target: { value: 'refund.created' },
    });
    expect(await screen.findByText('No events match yet.')).toBeTruthy();
  });

  it("shows one object's history when its id is searched", async () => {
    const api = mockDevelopersApi({
      'GET /api/events': ({ url }) => {
        const list = [CHARGE, PAID].filter(
          (event) => event.object_id === (url.searchParams.get('object_id') ?? event.object_id),
        );
        return { list, count: list.length };
      },
    });
    renderRoutesAt('/dashboard/developers/events', routes);
    await heading();
    await screen.findByText('evt_1');
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' ch_1 ' } });
    await waitFor(() => expect(screen.queryByText('evt_1')).toBeNull());
    expect(screen.getByText('evt_2')).toBeTruthy();
    expect(api.calls('GET /api/events').at(-1)!.url.searchParams.get('object_id')).toBe('ch_1');
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockDevelopersApi({
      'GET /api/events': () =>
        fail ? failure(500, 'INTERNAL', 'Sorry, something went wrong.') : { list: [PAID], count: 1 },
    });
    renderRoutesAt('/dashboard/developers/events', routes);
    expect(
      await screen.findByText(/could not be loaded\. Sorry, something went wrong\./, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('evt_1')).toBeTruthy();
  });

  it('says in Chinese that a mode has no events yet', async () => {
    mockDevelopersApi({ 'GET /api/events': () => ({ list: [], count: 0 }) });
    renderRoutesAt('/dashboard/developers/events', routes, createKioskI18n('zh'));
    expect(await heading()).toBe('事件');
    expect(await screen.findByText('还没有测试模式的事件。一旦有变化就会显示在这里。')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '事件类型' })).toBeTruthy();
  });

  it('lays the events out as cards on a phone', async () => {
    vi.stubGlobal('matchMedia', phoneMatchMedia);
    mockEvents();
    renderRoutesAt('/dashboard/developers/events', routes);
    await heading();
    expect(await screen.findByText('evt_2')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Show JSON' })).toHaveLength(2);
  });
});
