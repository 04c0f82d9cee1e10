import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestClockObject } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { formatUnixTime } from '../../../../lib/format-unix-time.ts';
import { routes } from '../../../../routes.tsx';
import { renderRoutesAt } from '../../../../test-support/render-app.tsx';
import { failure, mockDevelopersApi } from '../developers-fixtures.ts';
import { oneMonthLater, toLocalInput } from './clock-time.ts';
import { inDashboardTestMode } from '../../../../test-support/dashboard.ts';

const PAGE = '/dashboard/developers/test-clocks';
const FROZEN = 1_767_571_200; // 2026-01-05 00:00 UTC
const CREATED = 1_764_316_800; // 2025-11-28 08:00 UTC

function testClock(overrides: Partial<TestClockObject> = {}): TestClockObject {
  return {
    id: 'clock_1',
    object: 'test_helpers.test_clock',
    livemode: false,
    name: 'Renewals',
    frozen_time: FROZEN,
    status: 'ready',
    created: CREATED,
    ...overrides,
  };
}

/** The clock API of test mode, holding `clocks` as the server would after each change. */
function mockClocks(clocks: TestClockObject[], extra: Parameters<typeof mockDevelopersApi>[0] = {}) {
  return mockDevelopersApi({
    'GET /api/test-clocks': () => ({ list: clocks, count: clocks.length }),
    ...extra,
  });
}

/** A time on the local clock, as the datetime field reads it (month from 1). */
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  Math.floor(new Date(year, month - 1, day, hours, minutes).getTime() / 1000);

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

/** The dialog, once its first field has the focus (typing before that would go nowhere). */
async function openDialog(button: string, name: string, firstField: RegExp) {
  await heading();
  fireEvent.click((await screen.findAllByRole('button', { name: button }))[0]!);
  const dialog = await screen.findByRole('dialog', { name });
  const field = within(dialog).getByLabelText(firstField);
  await waitFor(() => expect(document.activeElement).toBe(field));
  return { dialog, field };
}

const type = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });

const clockCalls = (api: ReturnType<typeof mockClocks>) =>
  api.requests.filter((request) => request.url.pathname.startsWith('/api/test-clocks'));

inDashboardTestMode();

describe('TestClocksPage', { timeout: 20_000 }, () => {
  it("lists test mode's clocks: name, clock time, status and created", async () => {
    const api = mockClocks([
      testClock(),
      testClock({ id: 'clock_2', name: null, status: 'internal_failure', frozen_time: FROZEN + 86_400 }),
    ]);
    renderRoutesAt(PAGE, routes);
    expect(await heading()).toBe('Test clocks');
    expect(screen.getByText(/PUT \/api\/customers\/\{id\}\/test-clock/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Test clocks' });
    const renewals = within(table).getByText('Renewals').closest('tr')!;
    expect(within(renewals).getByText(formatUnixTime(FROZEN, 'en'))).toBeTruthy();
    expect(within(renewals).getByText(formatUnixTime(CREATED, 'en'))).toBeTruthy();
    expect(within(renewals).getByText('Ready')).toBeTruthy();
    expect(within(renewals).getByRole('button', { name: 'Advance Renewals' })).toHaveProperty(
      'disabled',
      false,
    );

    const unnamed = within(table).getByText('Unnamed').closest('tr')!;
    expect(within(unnamed).getByText('clock_2')).toBeTruthy();
    expect(within(unnamed).getByText(formatUnixTime(FROZEN + 86_400, 'en'))).toBeTruthy();
    expect(within(unnamed).getByText('Failed')).toBeTruthy();
    expect(within(unnamed).getByText(/Advance again to bill the rest/)).toBeTruthy();
    // A failed advance is mended by advancing again: the action stays offered.
    expect(within(unnamed).getByRole('button', { name: 'Advance clock_2' })).toHaveProperty(
      'disabled',
      false,
    );

    const asked = api.calls('GET /api/test-clocks')[0]!.url.searchParams;
    expect([asked.get('livemode'), asked.get('page')]).toEqual(['false', '1']);
  });

  it('says when there is no clock yet, and offers New test clock there', async () => {
    mockClocks([]);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No test clock yet.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Test clocks' });
    fireEvent.click(within(table).getByRole('button', { name: 'New test clock' }));
    expect(await screen.findByRole('dialog', { name: 'New test clock' })).toBeTruthy();
  });

  it('makes a clock at the chosen local time, and reads the list again', async () => {
    const clocks: TestClockObject[] = [];
    const api = mockClocks(clocks, {
      'POST /api/test-clocks': ({ body }) => {
        const made = testClock({ id: 'clock_new', ...(body as Partial<TestClockObject>) });
        clocks.push(made);
        return made;
      },
    });
    renderRoutesAt(PAGE, routes);
    const { dialog, field } = await openDialog('New test clock', 'New test clock', /^Name/);
    const time = within(dialog).getByLabelText(/^Clock time/);
    // It starts at the current minute.
    expect((time as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    type(field, ' Trial ends ');
    type(time, '2026-03-01T10:30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create clock' }));

    expect(await screen.findByText('Trial ends')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('POST /api/test-clocks').map((call) => call.body)).toEqual([
      { name: 'Trial ends', frozen_time: local(2026, 3, 1, 10, 30) },
    ]);
    expect(api.calls('POST /api/test-clocks')[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(api.calls('GET /api/test-clocks')).toHaveLength(2);
  });

  it('advances a month by default, shows it advancing with no actions, then ready without a reload', async () => {
    const clocks = [testClock()];
    const later = oneMonthLater(FROZEN);
    const api = mockClocks(clocks, {
      'POST /api/test-clocks/clock_1/advance': () => (clocks[0] = { ...clocks[0]!, status: 'advancing' }),
    });
    renderRoutesAt(PAGE, routes);
    const { dialog, field } = await openDialog('Advance Renewals', 'Advance Renewals', /^New clock time/);
    expect((field as HTMLInputElement).value).toBe(toLocalInput(later));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Advance clock' }));

    const table = await screen.findByRole('table', { name: 'Test clocks' });
    expect(await within(table).findByText('Advancing…')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('POST /api/test-clocks/clock_1/advance').map((call) => call.body)).toEqual([
      { frozen_time: later },
    ]);
    expect(screen.getByRole('button', { name: 'Advance Renewals' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete Renewals' })).toHaveProperty('disabled', true);

    // The job finishes: the page's own polling, not a reload, brings the clock back ready.
    const readsBefore = api.calls('GET /api/test-clocks').length;
    clocks[0] = { ...clocks[0]!, status: 'ready', frozen_time: later };
    expect(await within(table).findByText('Ready', {}, { timeout: 3_000 })).toBeTruthy();
    expect(within(table).getByText(formatUnixTime(later, 'en'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Advance Renewals' })).toHaveProperty('disabled', false);
    expect(api.calls('GET /api/test-clocks').length).toBeGreaterThan(readsBefore);
  });

  it("refuses a time not later than the clock's before sending, and says the server's 409 in the dialog", async () => {
    const message = 'This test clock is advancing; try again when it is ready';
    const api = mockClocks([testClock()], {
      'POST /api/test-clocks/clock_1/advance': () => failure(409, 'TEST_CLOCK_ADVANCING', message),
    });
    renderRoutesAt(PAGE, routes);
    const { dialog, field } = await openDialog('Advance Renewals', 'Advance Renewals', /^New clock time/);
    type(field, toLocalInput(FROZEN));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Advance clock' }));
    expect(
      await within(dialog).findByText(
        `Choose a time later than the clock’s, ${formatUnixTime(FROZEN, 'en')}`,
      ),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST /api/test-clocks/clock_1/advance')).toHaveLength(0);

    type(field, toLocalInput(FROZEN + 3_600));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Advance clock' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(api.calls('POST /api/test-clocks/clock_1/advance').map((call) => call.body)).toEqual([
      { frozen_time: FROZEN + 3_600 },
    ]);
    expect(screen.getByRole('dialog', { name: 'Advance Renewals' })).toBeTruthy();
  });

  it('asks before deleting, saying what it does to the customers, then deletes', async () => {
    const clocks = [testClock()];
    const api = mockClocks(clocks, {
      'DELETE /api/test-clocks/clock_1': () => {
        clocks.splice(0, 1);
        return { id: 'clock_1', object: 'test_helpers.test_clock', deleted: true };
      },
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Renewals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this test clock?' });
    expect(
      within(dialog).getByText(/subscriptions of the customers on Renewals .* are cancelled at once/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/taken off the clock/)).toBeTruthy();
    expect(api.calls('DELETE /api/test-clocks/clock_1')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete clock' }));
    expect(await screen.findByText('No test clock yet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('DELETE /api/test-clocks/clock_1')).toHaveLength(1);
  });

  it('shows no list in live mode and asks nothing, until switched to test mode', async () => {
    window.localStorage.setItem('livemode', 'true');
    const api = mockClocks([testClock()]);
    renderRoutesAt(PAGE, routes);
    expect(await heading()).toBe('Test clocks');
    const notice = screen.getByText(/Test clocks exist in test mode only/);
    expect(screen.queryByRole('table')).toBeNull();
    expect(clockCalls(api)).toHaveLength(0);

    fireEvent.click(
      within(notice.closest('[role="alert"]')!).getByRole('button', { name: 'Switch to test mode' }),
    );
    expect(await screen.findByText('Renewals')).toBeTruthy();
    expect(clockCalls(api).map((call) => call.url.searchParams.get('livemode'))).toEqual(['false']);
  });

  it('is reached from a card of the Developers page', async () => {
    mockClocks([], { 'GET /api/api-keys': () => ({ list: [], count: 0 }) });
    const { router } = renderRoutesAt('/dashboard/developers', routes);
    expect(await heading()).toBe('Developers');
    const nav = screen.getByRole('navigation', { name: 'Developers' });
    fireEvent.click(within(nav).getByRole('link', { name: /Test clocks/ }));
    expect(await heading()).toBe('Test clocks');
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('speaks Chinese', async () => {
    mockClocks([testClock()]);
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await heading()).toBe('测试时钟');
    const table = await screen.findByRole('table', { name: '测试时钟' });
    expect(within(table).getByText('就绪')).toBeTruthy();
    expect(within(table).getByText(formatUnixTime(FROZEN, 'zh'))).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '推进 Renewals' }));
    expect(await screen.findByRole('dialog', { name: '推进 Renewals' })).toBeTruthy();
  });
});
