import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppVersionStatus, ReviewType } from '@kiosk/core';
import type { ReviewEntry } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import type { ReviewQueueItem } from './use-console-reviews.ts';

const PAGE = '/console/apps';
const APP_DID = 'did:pkh:eip155:1:0x1111111111111111111111111111111111112222';
const DEVELOPER_DID = 'did:pkh:eip155:1:0x5b38da6a701c568545dcfcb03fcb875f56beddc4';
const APP_PATH = `/api/apps/${encodeURIComponent(APP_DID)}`;
const VERSION_PATH = `/api/developer/apps/${encodeURIComponent(APP_DID)}/versions/1.2.0`;
const REVIEW_ROUTE = `POST /api/console/apps/${encodeURIComponent(APP_DID)}/versions/1.2.0/review`;
const BLOCK_ROUTE = `PUT /api/console/apps/${encodeURIComponent(APP_DID)}/block`;
const UNBLOCK_ROUTE = `PUT /api/console/apps/${encodeURIComponent(APP_DID)}/unblock`;
const UPLOADED = 1_767_225_600;

function queueItem(status: AppVersionStatus): ReviewQueueItem {
  return {
    id: 'ver_weather_120',
    object: 'app_version',
    app_did: APP_DID,
    version: '1.2.0',
    name: 'weather',
    status,
    size: 2_621_440,
    integrity: 'sha512-abc',
    signature: '0xsig',
    changelog: 'Hourly forecasts',
    metadata: {},
    download_url: '/api/apps/x/1.2.0/weather-1.2.0.tgz',
    launchable: true,
    status_transitions: { pending: UPLOADED + 60 },
    published_at: null,
    created_at: UPLOADED,
    updated_at: UPLOADED,
    app: { did: APP_DID, name: 'weather', title: 'Weather', logo: null, developer_did: DEVELOPER_DID },
  };
}

function appDetail(blocked: boolean, reason: string | null) {
  return {
    did: APP_DID,
    object: 'app',
    name: 'weather',
    title: 'Weather',
    description: 'Forecasts',
    logo: null,
    screenshots: [],
    category: null,
    developer_did: DEVELOPER_DID,
    downloads: 0,
    version: null,
    published_at: null,
    created_at: UPLOADED,
    updated_at: UPLOADED,
    visibility: 'public',
    blocked,
    block_reason: reason,
    auto_publish: false,
    review_type: null,
    latest_version: '1.2.0',
    latest_status: 'pending',
    versions: [],
  };
}

const REQUEST_LINE: ReviewEntry = {
  id: 'rev_1',
  object: 'app_version_review',
  app_did: APP_DID,
  version_id: 'ver_weather_120',
  version: '1.2.0',
  author_did: DEVELOPER_DID,
  author_role: 'developer',
  action: 'requestReview',
  message: 'Please have a look',
  created_at: UPLOADED + 60,
};

/** Core's moves for the admins' actions, enough for the mock server. */
const NEXT_STATUS: Partial<Record<string, AppVersionStatus>> = {
  startReview: 'inReview',
  approve: 'approved',
  reject: 'rejected',
};

function api(status: AppVersionStatus = 'pending', overrides: Record<string, ApiHandler> = {}) {
  const state = {
    item: queueItem(status),
    blocked: false,
    reason: null as string | null,
    reviewType: 'every' as ReviewType,
  };
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
    'GET /api/console/reviews': () => ({ list: [state.item], count: 1 }),
    [`GET ${VERSION_PATH}/thread`]: () => ({ list: [REQUEST_LINE], count: 1 }),
    [`GET ${APP_PATH}`]: () => appDetail(state.blocked, state.reason),
    [REVIEW_ROUTE]: ({ body }) => {
      const { action, message } = body as { action: string; message?: string };
      state.item = { ...state.item, status: NEXT_STATUS[action] ?? state.item.status };
      const { app: _app, ...version } = state.item;
      return {
        app: appDetail(state.blocked, state.reason),
        version,
        review: {
          ...REQUEST_LINE,
          id: `rev_${action}`,
          author_role: 'admin',
          action,
          message: message ?? null,
        },
      };
    },
    [BLOCK_ROUTE]: ({ body }) => {
      state.blocked = true;
      state.reason = (body as { reason: string }).reason;
      return appDetail(state.blocked, state.reason);
    },
    [UNBLOCK_ROUTE]: () => {
      state.blocked = false;
      state.reason = null;
      return appDetail(false, null);
    },
    // The console's other sections (their own tests cover them): nobody waiting, no developers.
    'GET /api/console/join-requests': () => ({ list: [], count: 0 }),
    'GET /api/users': () => ({ list: [], count: 0 }),
    'GET /api/console/store-settings': () => ({
      object: 'store_settings',
      review_type: state.reviewType,
      updated_at: null,
    }),
    'PUT /api/console/store-settings': ({ body }) => {
      state.reviewType = (body as { review_type: ReviewType }).review_type;
      return { object: 'store_settings', review_type: state.reviewType, updated_at: UPLOADED };
    },
    ...overrides,
  });
}

async function openReview() {
  fireEvent.click(await screen.findByRole('button', { name: 'Review Weather 1.2.0' }));
  return screen.getByRole('dialog', { name: 'Weather 1.2.0' });
}

function actionButtons(panel: HTMLElement, heading = 'Actions') {
  const actions = within(panel).getByRole('region', { name: heading });
  return within(actions)
    .queryAllByRole('button')
    .map((button) => button.textContent);
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./ConsoleAppsPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConsoleAppsPage', { timeout: 20_000 }, () => {
  it('lists the waiting versions: app, version, status, upload date and size', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'App management' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Review queue' });
    const row = (await within(table).findByText('Weather')).closest('tr')!;
    expect(within(row).getByText('weather')).toBeTruthy();
    expect(within(row).getByText('1.2.0')).toBeTruthy();
    expect(within(row).getByText('Pending review').closest('.MuiChip-colorWarning')).toBeTruthy();
    expect(within(row).getByText(/2026/)).toBeTruthy();
    expect(within(row).getByText('2.5 MB')).toBeTruthy();

    // Without a status the server lists what waits on the admins: pending and inReview.
    const listed = calls.calls('GET /api/console/reviews')[0]!.url.searchParams;
    expect([listed.get('status'), listed.get('page'), listed.get('pageSize')]).toEqual([null, '1', '10']);
  });

  it('lists one status when it is chosen', async () => {
    const calls = api('inReview');
    renderRoutesAt(PAGE, routes);
    await screen.findByText('Weather');
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'inReview' } });
    await vi.waitFor(() => expect(calls.calls('GET /api/console/reviews')).toHaveLength(2));
    expect(calls.calls('GET /api/console/reviews')[1]!.url.searchParams.get('status')).toBe('inReview');
  });

  it('shows a skeleton while the queue loads', async () => {
    api('pending', { 'GET /api/console/reviews': () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    const table = await screen.findByRole('table', { name: 'Review queue' });
    expect(table.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty queue', async () => {
    api('pending', { 'GET /api/console/reviews': () => ({ list: [], count: 0 }) });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No versions are waiting here.')).toBeTruthy();
  });

  it("shows a failed queue with the server's text, and a retry that reads it again", async () => {
    let fail = true;
    const calls = api('pending', {
      'GET /api/console/reviews': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [queueItem('pending')], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Weather')).toBeTruthy();
    expect(calls.calls('GET /api/console/reviews')).toHaveLength(2);
  });

  it('opens the version with its thread, and offers only what a pending version allows', async () => {
    api('pending');
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    const thread = await within(panel).findByRole('list', { name: 'Review thread of version 1.2.0' });
    expect(within(thread).getByText('Developer · Requested review')).toBeTruthy();
    expect(within(thread).getByText('Please have a look')).toBeTruthy();
    expect(actionButtons(panel)).toEqual(['Start review', 'Comment']);
  });

  it('starts the review, then approves with a message, sending each body and refreshing the queue', async () => {
    const calls = api('pending');
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    fireEvent.click(within(panel).getByRole('button', { name: 'Start review' }));
    expect(await within(panel).findByText('The review has started.')).toBeTruthy();
    expect(calls.calls(REVIEW_ROUTE)[0]!.body).toEqual({ action: 'startReview' });
    expect(within(panel).getByText('In review')).toBeTruthy();
    // An inReview version is approved or rejected; it is not started twice.
    expect(actionButtons(panel)).toEqual(['Approve', 'Reject', 'Comment']);
    await vi.waitFor(() => expect(calls.calls('GET /api/console/reviews')).toHaveLength(2));
    await vi.waitFor(() => expect(calls.calls(`GET ${VERSION_PATH}/thread`)).toHaveLength(2));

    fireEvent.input(within(panel).getByRole('textbox', { name: 'Message' }), {
      target: { value: '  Looks good ' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await within(panel).findByText('The version is approved.')).toBeTruthy();
    expect(calls.calls(REVIEW_ROUTE)[1]!.body).toEqual({ action: 'approve', message: 'Looks good' });
    expect(within(panel).getByText('Approved')).toBeTruthy();
    expect(actionButtons(panel)).toEqual(['Comment']);
    await vi.waitFor(() => expect(calls.calls('GET /api/console/reviews')).toHaveLength(3));
  });

  it('asks before rejecting, and sends nothing until confirmed', async () => {
    const calls = api('inReview');
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    let confirm = screen.getByRole('dialog', { name: 'Reject version 1.2.0?' });
    expect(within(confirm).getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject version 1.2.0?' })).toBeNull(),
    );
    expect(calls.calls(REVIEW_ROUTE)).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    confirm = screen.getByRole('dialog', { name: 'Reject version 1.2.0?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(await within(panel).findByText('The version is rejected.')).toBeTruthy();
    expect(calls.calls(REVIEW_ROUTE).map((call) => call.body)).toEqual([{ action: 'reject' }]);
    // Rejected is final: only a comment on the thread is left.
    expect(actionButtons(panel)).toEqual(['Comment']);
  });

  it('asks for text before commenting, and sends nothing without it', async () => {
    const calls = api('approved');
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    expect(actionButtons(panel)).toEqual(['Comment']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Comment' }));
    expect(await within(panel).findByText('Content is required')).toBeTruthy();
    expect(calls.calls(REVIEW_ROUTE)).toHaveLength(0);
  });

  it("shows the server's refusal of an action", async () => {
    api('pending', {
      [REVIEW_ROUTE]: () =>
        jsonResponse(
          {
            code: 'REVIEW_ACTION_NOT_ALLOWED',
            error: 'This review action is not possible for the version in its current status',
          },
          409,
        ),
    });
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    fireEvent.click(within(panel).getByRole('button', { name: 'Start review' }));
    expect(
      await within(panel).findByText(
        'This review action is not possible for the version in its current status',
      ),
    ).toBeTruthy();
  });

  it('blocks the app only with a reason, sends it, and unblocks it', async () => {
    const calls = api('pending');
    renderRoutesAt(PAGE, routes);
    const panel = await openReview();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Block app' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Weather?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Say why the app is blocked: its developer sees it')).toBeTruthy();
    expect(calls.calls(BLOCK_ROUTE)).toHaveLength(0);

    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: ' Phishing page ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(panel).findByText('Blocked: Phishing page')).toBeTruthy();
    expect(calls.calls(BLOCK_ROUTE).map((call) => call.body)).toEqual([{ reason: 'Phishing page' }]);
    expect(screen.queryByRole('dialog', { name: 'Block Weather?' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Unblock app' }));
    expect(await within(panel).findByRole('button', { name: 'Block app' })).toBeTruthy();
    expect(calls.calls(UNBLOCK_ROUTE)).toHaveLength(1);
  });

  it('changes the store review type', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Store review type' });
    expect(select.value).toBe('every');
    fireEvent.change(select, { target: { value: 'first' } });
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(calls.calls('PUT /api/console/store-settings').map((call) => call.body)).toEqual([
      { review_type: 'first' },
    ]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Store review type' }).value).toBe(
      'first',
    );
  });

  it("shows the store settings' failure with the server's text", async () => {
    api('pending', {
      'GET /api/console/store-settings': () =>
        jsonResponse({ code: 'FORBIDDEN', error: 'Only admins may read the settings' }, 403),
    });
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByText('The store settings could not be loaded: Only admins may read the settings'),
    ).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api('pending');
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '应用管理' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '审核队列' });
    expect(within(table).getByRole('columnheader', { name: '上传时间' })).toBeTruthy();
    expect(await within(table).findByText('待审核')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '审核 Weather 1.2.0' }));
    const panel = screen.getByRole('dialog', { name: 'Weather 1.2.0' });
    expect(actionButtons(panel, '操作')).toEqual(['开始审核', '评论']);
  });
});
