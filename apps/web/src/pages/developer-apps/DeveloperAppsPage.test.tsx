import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDetail, AppVersion, Category, DeveloperApp, ReviewEntry } from '@kiosk/contracts';
import type { AppVersionStatus } from '@kiosk/core';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';

const PAGE = '/developer/apps';
const T0 = 1_767_225_600; // 2026-01-01
const DID = 'did:abt:z1WeatherBoardApp0001';
const NOTES_DID = 'did:abt:z1PocketNotesApp0002';
const DEV = 'did:pkh:eip155:1:0x5b38da6a701c568545dcfcb03fcb875f56beddc4';
const ADMIN = 'did:pkh:eip155:1:0x00000000000000000000000000000000000000ad';

const encoded = (did: string) => encodeURIComponent(did);
const panelAt = (did: string) => `${PAGE}?app=${encoded(did)}`;
const reviewRoute = (version: string, did = DID) =>
  `POST /api/developer/apps/${encoded(did)}/versions/${version}/review`;
const threadRoute = (version: string, did = DID) =>
  `GET /api/developer/apps/${encoded(did)}/versions/${version}/thread`;

function developerApp(overrides: Partial<DeveloperApp> = {}): DeveloperApp {
  return {
    did: DID,
    object: 'app',
    name: 'weather-board',
    title: 'Weather Board',
    description: 'The forecast on your wall.',
    logo: null,
    screenshots: [],
    category: 'Weather',
    developer_did: DEV,
    downloads: 1234,
    version: '1.0.0',
    published_at: T0,
    created_at: T0,
    updated_at: T0,
    visibility: 'public',
    blocked: false,
    block_reason: null,
    auto_publish: false,
    accepts_donations: false,
    review_type: null,
    latest_version: '1.2.0',
    latest_status: 'draft',
    ...overrides,
  };
}

const NOTES = developerApp({
  did: NOTES_DID,
  name: 'pocket-notes',
  title: 'Pocket Notes',
  downloads: 0,
  visibility: 'private',
  blocked: true,
  block_reason: 'Copies another app’s screenshots',
  latest_version: '2.0.0',
  latest_status: 'rejected',
});

function version(semver: string, status: AppVersionStatus, did = DID): AppVersion {
  return {
    id: `ver_${did}_${semver}`,
    object: 'app_version',
    app_did: did,
    version: semver,
    name: 'weather-board',
    status,
    size: 1536,
    integrity: 'sha512-abc',
    signature: 'sig',
    changelog: null,
    metadata: {},
    download_url: `/api/apps/${did}/${semver}/weather-board-${semver}.tgz`,
    launchable: true,
    status_transitions: {},
    published_at: status === 'published' ? T0 : null,
    created_at: T0,
    updated_at: T0,
  };
}

function entry(overrides: Partial<ReviewEntry>): ReviewEntry {
  return {
    id: `rev_${Math.random()}`,
    object: 'app_version_review',
    app_did: DID,
    version_id: `ver_${DID}_1.1.0`,
    version: '1.1.0',
    author_did: DEV,
    author_role: 'developer',
    action: 'requestReview',
    message: null,
    created_at: T0,
    ...overrides,
  };
}

const category = (name: string, locales: Record<string, string> = {}): Category => ({
  id: `cat_${name}`,
  name,
  locales,
  app_count: 1,
  created_at: T0,
  updated_at: T0,
});

/**
 * A developer with two apps. The weather app's versions move as the review routes answer, so a
 * test sees the page read them again.
 */
function api(overrides: Record<string, ApiHandler> = {}) {
  const statuses: Record<string, AppVersionStatus> = {
    '1.2.0': 'draft',
    '1.1.0': 'inReview',
    '1.0.0': 'published',
  };
  let weather = developerApp();
  const detail = (): AppDetail => ({
    ...weather,
    versions: Object.entries(statuses).map(([semver, status]) => version(semver, status)),
  });
  const moves: Record<string, AppVersionStatus> = {
    requestReview: 'pending',
    publish: 'published',
    cancelReview: 'cancelled',
  };
  const review =
    (semver: string): ApiHandler =>
    ({ body }) => {
      const { action, message } = body as { action: string; message?: string };
      statuses[semver] = moves[action] ?? statuses[semver]!;
      weather = { ...weather, latest_status: statuses['1.2.0']! };
      return {
        app: weather,
        version: version(semver, statuses[semver]!),
        review: entry({ version: semver, action: action as ReviewEntry['action'], message: message ?? null }),
      };
    };
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])),
    'GET /api/developer/apps': () => ({ list: [weather, NOTES], count: 2 }),
    'GET /api/categories': () => ({ list: [category('Weather', { zh: '天气' }), category('Tools')] }),
    [`GET /api/apps/${encoded(DID)}`]: () => detail(),
    [`GET /api/developer/apps/${encoded(DID)}/analytics`]: () => {
      const figures = (i: number) => ({
        downloads: i === 29 ? 7 : i === 26 ? 3 : 0,
        launches: i === 29 ? 2 : 0,
        purchases: i === 28 ? 1 : 0,
        ratings: 0,
        sales: i === 28 ? { pc_kdt: '5000000' } : {},
        earnings: i === 28 ? { pc_kdt: '3500000' } : {},
      });
      return {
        days: Array.from({ length: 30 }, (_, i) => ({
          date: `2026-11-${String(i + 1).padStart(2, '0')}`,
          ...figures(i),
        })),
        totals: {
          downloads: 10,
          launches: 2,
          purchases: 1,
          ratings: 0,
          sales: { pc_kdt: '5000000' },
          earnings: { pc_kdt: '3500000' },
        },
        currencies: [{ id: 'pc_kdt', symbol: 'KDT', decimal: 6 }],
      };
    },
    [`GET /api/apps/${encoded(NOTES_DID)}`]: () => ({
      ...NOTES,
      versions: [version('2.0.0', 'draft', NOTES_DID)],
    }),
    [`PUT /api/developer/apps/${encoded(DID)}`]: ({ body }) => {
      weather = { ...weather, ...(body as Partial<DeveloperApp>) };
      return weather;
    },
    [reviewRoute('1.2.0')]: review('1.2.0'),
    [reviewRoute('1.1.0')]: review('1.1.0'),
    [threadRoute('1.2.0')]: () => ({ list: [], count: 0 }),
    [threadRoute('1.1.0')]: () => ({
      list: [
        entry({ action: 'requestReview', message: 'Please look at the new radar view.' }),
        entry({
          author_did: ADMIN,
          author_role: 'admin',
          action: 'startReview',
          created_at: T0 + 3_600,
        }),
        entry({
          author_did: ADMIN,
          author_role: 'admin',
          action: 'comment',
          message: 'The radar needs a privacy note.',
          created_at: T0 + 7_200,
        }),
      ],
      count: 3,
    }),
    [threadRoute('1.0.0')]: () => ({ list: [], count: 0 }),
    ...overrides,
  });
}

/** A version's own part of the panel (its actions, messages and thread). */
async function versionSection(semver: string) {
  const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
  const existing = within(panel).queryByRole('region', { name: `Version ${semver}` });
  if (existing) return existing;
  fireEvent.click(
    within(panel).getByRole('button', { name: new RegExp(`^Version ${semver.replace(/\./g, '\\.')}`) }),
  );
  return within(panel).findByRole('region', { name: `Version ${semver}` });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./DeveloperAppsPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeveloperAppsPage', { timeout: 20_000 }, () => {
  it('lists the apps with their latest version, status chip, visibility, block and downloads', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Developer apps' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Developer apps' });

    const weather = (await within(table).findByText('Weather Board')).closest('tr')!;
    expect(within(weather).getByText('weather-board')).toBeTruthy();
    expect(within(weather).getByText('1.2.0')).toBeTruthy();
    expect(within(weather).getByText('Draft').closest('.MuiChip-root')).toBeTruthy();
    expect(within(weather).getByText('Public')).toBeTruthy();
    expect(within(weather).getByText('1,234')).toBeTruthy();
    expect(within(weather).queryByText('Blocked')).toBeNull();

    const notes = within(table).getByText('Pocket Notes').closest('tr')!;
    expect(within(notes).getByText('Rejected').closest('.MuiChip-colorError')).toBeTruthy();
    expect(within(notes).getByText('Blocked').closest('.MuiChip-colorError')).toBeTruthy();
    // The admins' reason is on the page, not hidden in a tooltip.
    expect(within(notes).getByText('Reason: Copies another app’s screenshots')).toBeTruthy();
    expect(within(notes).getByText('Private')).toBeTruthy();

    const listed = calls.calls('GET /api/developer/apps')[0]!.url.searchParams;
    expect([listed.get('page'), listed.get('pageSize')]).toEqual(['1', '10']);
  });

  it('shows a skeleton while the list loads', async () => {
    api({ 'GET /api/developer/apps': () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    const table = await screen.findByRole('table', { name: 'Developer apps' });
    expect(table.getAttribute('aria-busy')).toBe('true');
  });

  it('explains how to publish the first version from the CLI, with a link to access tokens', async () => {
    api({ 'GET /api/developer/apps': () => ({ list: [], count: 0 }) });
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByText(
        'You have not published an app yet. Publish your first version from a terminal:',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/kiosk keygen/)).toBeTruthy();
    expect(screen.getByText(/kiosk login/)).toBeTruthy();
    expect(screen.getByText(/kiosk publish/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Access tokens' }).getAttribute('href')).toBe(
      '/developer/access-tokens',
    );
  });

  it("shows a failed list with the server's text, and a retry that reads it again", async () => {
    let fail = true;
    const calls = api({
      'GET /api/developer/apps': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [developerApp()], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Weather Board')).toBeTruthy();
    expect(calls.calls('GET /api/developer/apps')).toHaveLength(2);
  });

  it('opens an app in a panel kept in the address, and closes it again', async () => {
    api();
    const { router } = renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Weather Board' }));
    const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
    expect(new URLSearchParams(router.state.location.search).get('app')).toBe(DID);
    expect(await within(panel).findByText('The forecast on your wall.')).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Versions' })).toBeTruthy();
    expect(within(panel).getAllByText('Published').length).toBeGreaterThan(0);
    expect(within(panel).getByText('In review')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('charts the last 30 days, a bar a day read out with its value, of the figure chosen', async () => {
    api();
    renderRoutesAt(`${PAGE}?app=${encodeURIComponent(DID)}`, routes);
    const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
    expect(await within(panel).findByText('Downloads: 10 in 30 days')).toBeTruthy();
    const bars = within(panel).getByRole('list', { name: 'Downloads per day' });
    expect(within(bars).getAllByRole('listitem')).toHaveLength(30);
    expect(within(bars).getByRole('listitem', { name: 'Nov 30: 7' })).toBeTruthy();
    expect(within(bars).getByRole('listitem', { name: 'Nov 27: 3' })).toBeTruthy();

    // The developer's share of the sales, in the currency's own units.
    fireEvent.click(within(panel).getByRole('button', { name: 'Earnings in KDT' }));
    expect(await within(panel).findByText('Earnings in KDT: 3.5 KDT in 30 days')).toBeTruthy();
    const earnings = within(panel).getByRole('list', { name: 'Earnings in KDT per day' });
    expect(within(earnings).getByRole('listitem', { name: 'Nov 29: 3.5 KDT' })).toBeTruthy();
  });

  it('edits the details: sends title, description, category, visibility, auto-publish and donations', async () => {
    const calls = api();
    renderRoutesAt(panelAt(DID), routes);
    const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Edit details' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Weather Board' });

    fireEvent.input(within(form).getByRole('textbox', { name: 'Title' }), {
      target: { value: ' Weather Wall ' },
    });
    const select = within(form).getByRole('combobox', { name: 'Category' });
    await within(select).findByRole('option', { name: 'Tools' });
    fireEvent.change(select, { target: { value: 'Tools' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Private' }));
    fireEvent.click(within(form).getByRole('switch', { name: 'Auto-publish' }));
    fireEvent.click(within(form).getByRole('switch', { name: 'Donations' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Weather Board' })).toBeNull());
    expect(calls.calls(`PUT /api/developer/apps/${encoded(DID)}`)[0]!.body).toEqual({
      title: 'Weather Wall',
      description: 'The forecast on your wall.',
      category: 'Tools',
      visibility: 'private',
      auto_publish: true,
      accepts_donations: true,
    });
    // The list and the panel read the app again.
    expect(await screen.findByRole('dialog', { name: 'Weather Wall' })).toBeTruthy();
  });

  it('refuses an empty title without asking the server, and shows a refusal in the dialog', async () => {
    const calls = api({
      [`PUT /api/developer/apps/${encoded(DID)}`]: () =>
        jsonResponse({ code: 'CATEGORY_NOT_FOUND', error: 'There is no such category' }, 400),
    });
    renderRoutesAt(panelAt(DID), routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Weather Board' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    fireEvent.input(title, { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a title')).toBeTruthy();
    expect(calls.calls(`PUT /api/developer/apps/${encoded(DID)}`)).toHaveLength(0);

    fireEvent.input(title, { target: { value: 'Weather' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('There is no such category')).toBeTruthy();
  });

  it('requests review of a draft with its message, and shows the version pending after', async () => {
    const calls = api();
    renderRoutesAt(panelAt(DID), routes);
    const draft = await versionSection('1.2.0');
    fireEvent.input(within(draft).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'First release with radar.' },
    });
    fireEvent.click(within(draft).getByRole('button', { name: 'Request review' }));

    const panel = screen.getByRole('dialog', { name: 'Weather Board' });
    expect(await within(panel).findByText('Pending review')).toBeTruthy();
    expect(calls.calls(reviewRoute('1.2.0'))[0]!.body).toEqual({
      action: 'requestReview',
      message: 'First release with radar.',
    });
    // The list behind the panel is read again as well.
    expect(calls.calls('GET /api/developer/apps').length).toBeGreaterThan(1);
  });

  it('publishes a draft with a bare action, and shows it published', async () => {
    const calls = api();
    renderRoutesAt(panelAt(DID), routes);
    const draft = await versionSection('1.2.0');
    fireEvent.click(within(draft).getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(calls.calls(reviewRoute('1.2.0'))).toHaveLength(1));
    expect(calls.calls(reviewRoute('1.2.0'))[0]!.body).toEqual({ action: 'publish' });
    const panel = screen.getByRole('dialog', { name: 'Weather Board' });
    await vi.waitFor(() => expect(within(panel).getAllByText('Published')).toHaveLength(2));
  });

  it("shows the server's refusal of an action", async () => {
    api({
      [reviewRoute('1.2.0')]: () =>
        jsonResponse(
          {
            code: 'REVIEW_REQUIRED',
            error: 'This version must be approved in review before it is published',
          },
          409,
        ),
    });
    renderRoutesAt(panelAt(DID), routes);
    const draft = await versionSection('1.2.0');
    fireEvent.click(within(draft).getByRole('button', { name: 'Publish' }));
    expect(
      await within(draft).findByText('This version must be approved in review before it is published'),
    ).toBeTruthy();
  });

  it('offers only the actions each status allows', async () => {
    api();
    renderRoutesAt(panelAt(DID), routes);
    const buttons = (section: HTMLElement) =>
      within(section)
        .queryAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text !== 'Retry');

    expect(buttons(await versionSection('1.2.0'))).toEqual(['Request review', 'Publish']);
    expect(buttons(await versionSection('1.1.0'))).toEqual(['Reply', 'Cancel review']);
    expect(buttons(await versionSection('1.0.0'))).toEqual(['Reply']);
  });

  it('offers a blocked app no review or publishing, and says why', async () => {
    api();
    renderRoutesAt(panelAt(NOTES_DID), routes);
    const panel = await screen.findByRole('dialog', { name: 'Pocket Notes' });
    expect(await within(panel).findByText(/Reason: Copies another app’s screenshots/)).toBeTruthy();
    const draft = await within(panel).findByRole('region', { name: 'Version 2.0.0' });
    expect(within(draft).queryByRole('button', { name: 'Request review' })).toBeNull();
    expect(within(draft).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(draft).getByText('Nothing more can be done with this version.')).toBeTruthy();
  });

  it('asks before cancelling a review, which cannot be undone', async () => {
    const calls = api();
    renderRoutesAt(panelAt(DID), routes);
    const inReview = await versionSection('1.1.0');
    fireEvent.click(within(inReview).getByRole('button', { name: 'Cancel review' }));
    let confirm = await screen.findByRole('dialog', { name: 'Cancel the review of version 1.1.0?' });
    expect(within(confirm).getByText(/This cannot be undone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel the review of version 1.1.0?' })).toBeNull(),
    );
    expect(calls.calls(reviewRoute('1.1.0'))).toHaveLength(0);

    fireEvent.click(within(inReview).getByRole('button', { name: 'Cancel review' }));
    confirm = await screen.findByRole('dialog', { name: 'Cancel the review of version 1.1.0?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel review' }));
    await vi.waitFor(() => expect(calls.calls(reviewRoute('1.1.0'))).toHaveLength(1));
    expect(calls.calls(reviewRoute('1.1.0'))[0]!.body).toEqual({ action: 'cancelReview' });
    // The panel is back in reach once the confirmation has closed, after the answer.
    const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
    expect(await within(panel).findByText('Cancelled')).toBeTruthy();
  });

  it('shows the review thread: who, what, their message and when', async () => {
    api();
    renderRoutesAt(panelAt(DID), routes);
    const inReview = await versionSection('1.1.0');
    const thread = await within(inReview).findByRole('list', { name: 'Review thread of version 1.1.0' });
    const lines = within(thread).getAllByRole('listitem');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByText('You · Requested review')).toBeTruthy();
    expect(within(lines[0]!).getByText('Please look at the new radar view.')).toBeTruthy();
    expect(within(lines[0]!).getByText(/2026/)).toBeTruthy();
    expect(within(lines[1]!).getByText('Reviewer · Started the review')).toBeTruthy();
    expect(within(lines[2]!).getByText('Reviewer · Commented')).toBeTruthy();
    expect(within(lines[2]!).getByText('The radar needs a privacy note.')).toBeTruthy();

    const draft = await versionSection('1.2.0');
    expect(await within(draft).findByText('No review messages yet.')).toBeTruthy();
  });

  it('asks for a message before replying, then sends it', async () => {
    const calls = api();
    renderRoutesAt(panelAt(DID), routes);
    const inReview = await versionSection('1.1.0');
    fireEvent.click(within(inReview).getByRole('button', { name: 'Reply' }));
    expect(await within(inReview).findByText('Write a message to reply')).toBeTruthy();
    expect(calls.calls(reviewRoute('1.1.0'))).toHaveLength(0);

    fireEvent.input(within(inReview).getByRole('textbox', { name: 'Message' }), {
      target: { value: ' Added the privacy note. ' },
    });
    fireEvent.click(within(inReview).getByRole('button', { name: 'Reply' }));
    await vi.waitFor(() => expect(calls.calls(reviewRoute('1.1.0'))).toHaveLength(1));
    expect(calls.calls(reviewRoute('1.1.0'))[0]!.body).toEqual({
      action: 'reply',
      message: 'Added the privacy note.',
    });
    await vi.waitFor(() => expect(calls.calls(threadRoute('1.1.0')).length).toBeGreaterThan(1));
  });

  it('shows a failed app with a retry', async () => {
    api({
      [`GET /api/apps/${encoded(DID)}`]: () =>
        jsonResponse({ code: 'APP_NOT_YOURS', error: 'This app belongs to another developer' }, 403),
    });
    renderRoutesAt(panelAt(DID), routes);
    expect(await screen.findByText(/This app belongs to another developer/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '开发者应用' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '开发者应用' });
    expect(within(table).getByRole('columnheader', { name: '最新版本' })).toBeTruthy();
    expect(await within(table).findByText('草稿')).toBeTruthy();
    expect(within(table).getByText('已封禁')).toBeTruthy();
    expect(within(table).getByText('原因：Copies another app’s screenshots')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '管理 Weather Board' }));
    const panel = await screen.findByRole('dialog', { name: 'Weather Board' });
    expect(await within(panel).findByText('天气')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '申请审核' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: '编辑详情' })).toBeTruthy();
  });
});
