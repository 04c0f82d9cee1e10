import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinRequest } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { JoinRequestsSection } from './JoinRequestsSection.tsx';

const LIST = 'GET /api/console/join-requests';
const ASKED = 1_767_225_600;
const GRACE = 'did:pkh:eip155:1:0x1111111111111111111111111111111111111111';
const ANON = 'did:pkh:eip155:1:0x2222222222222222222222222222222222222222';
/** Without a name, a user is their DID shortened. */
const ANON_SHORT = 'did:pkh:eip155:1:0x2222…2222';

function joinRequest(overrides: Partial<JoinRequest>): JoinRequest {
  return {
    id: 'djr_x',
    object: 'join_request',
    did: GRACE,
    name: null,
    message: null,
    status: 'pending',
    terms_accepted_at: ASKED,
    decided_by: null,
    decided_at: null,
    created_at: ASKED,
    updated_at: ASKED,
    ...overrides,
  };
}

const grace = joinRequest({ id: 'djr_grace', name: 'Grace Hopper', message: 'I build compilers' });
const anonymous = joinRequest({ id: 'djr_anon', did: ANON });

/** A server that keeps the pending requests and drops the ones decided. */
function api(overrides: Record<string, ApiHandler> = {}) {
  let pending = [grace, anonymous];
  const decide = (id: string, status: JoinRequest['status']) => {
    const request = pending.find((r) => r.id === id)!;
    pending = pending.filter((r) => r.id !== id);
    return { ...request, status, decided_at: ASKED + 60 };
  };
  return mockApi({
    [LIST]: () => ({ list: pending, count: pending.length }),
    'POST /api/console/join-requests/djr_grace/approve': () => decide('djr_grace', 'approved'),
    'POST /api/console/join-requests/djr_anon/decline': () => decide('djr_anon', 'declined'),
    ...overrides,
  });
}

function renderSection(locale: 'en' | 'zh' = 'en') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={createKioskI18n(locale)}>
      <QueryClientProvider client={queryClient}>
        {/* The section keeps its page in the address. */}
        <MemoryRouter>
          <JoinRequestsSection />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinRequestsSection', { timeout: 20_000 }, () => {
  it('lists who waits: name or DID, message and when they asked', async () => {
    const calls = api();
    renderSection();
    const table = await screen.findByRole('table', { name: 'Join requests' });
    const row = (await within(table).findByText('Grace Hopper')).closest('tr')!;
    expect(within(row).getByText(GRACE)).toBeTruthy();
    expect(within(row).getByText('I build compilers')).toBeTruthy();
    expect(within(row).getByText(/2026/)).toBeTruthy();
    // No name set: the DID, shortened, stands for it.
    const other = within(table).getByText(ANON_SHORT).closest('tr')!;
    expect(within(other).getByText('No message')).toBeTruthy();

    const listed = calls.calls(LIST)[0]!.url.searchParams;
    expect([listed.get('status'), listed.get('page'), listed.get('pageSize')]).toEqual([
      'pending',
      '1',
      '10',
    ]);
  });

  it('approves one and declines another, naming each, and reads the list again', async () => {
    const calls = api();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
    expect(await screen.findByText('Grace Hopper is a developer now.')).toBeTruthy();
    expect(calls.calls('POST /api/console/join-requests/djr_grace/approve')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Grace Hopper' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: `Decline ${ANON_SHORT}` }));
    expect(await screen.findByText(`The request of ${ANON_SHORT} was declined.`)).toBeTruthy();
    expect(calls.calls('POST /api/console/join-requests/djr_anon/decline')).toHaveLength(1);
    expect(await screen.findByText('No one is waiting to join')).toBeTruthy();
    expect(calls.calls(LIST)).toHaveLength(3);
  });

  it('says when no one is waiting', async () => {
    api({ [LIST]: () => ({ list: [], count: 0 }) });
    renderSection();
    expect(await screen.findByText('No one is waiting to join')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  it("shows the server's refusal of a decision, and the list as it now is", async () => {
    const calls = api({
      'POST /api/console/join-requests/djr_grace/approve': () =>
        jsonResponse({ code: 'JOIN_REQUEST_NOT_PENDING', error: 'This request is no longer waiting' }, 409),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
    expect(await screen.findByText('This request is no longer waiting')).toBeTruthy();
    await vi.waitFor(() => expect(calls.calls(LIST)).toHaveLength(2));
  });

  it('shows a failed load with a retry of its own', async () => {
    let fail = true;
    const calls = api({
      [LIST]: () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [grace], count: 1 },
    });
    renderSection();
    expect(
      await screen.findByText('The join requests could not be loaded: Database unavailable'),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load again' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(calls.calls(LIST)).toHaveLength(2);
  });

  it('speaks Chinese', async () => {
    api();
    renderSection('zh');
    const table = await screen.findByRole('table', { name: '加入申请' });
    expect(within(table).getByRole('columnheader', { name: '申请时间' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '批准 Grace Hopper' })).toBeTruthy();
  });
});
