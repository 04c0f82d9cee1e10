import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewType } from '@kiosk/core';
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
const CONSOLE_APP_ROUTE = `PUT /api/console/apps/${encodeURIComponent(APP_DID)}`;
const UPLOADED = 1_767_225_600;

const ITEM: ReviewQueueItem = {
  id: 'ver_weather_120',
  object: 'app_version',
  app_did: APP_DID,
  version: '1.2.0',
  name: 'weather',
  status: 'pending',
  size: 2_621_440,
  integrity: 'sha512-abc',
  signature: '0xsig',
  changelog: null,
  metadata: {},
  download_url: '/api/apps/x/1.2.0/weather-1.2.0.tgz',
  launchable: true,
  status_transitions: { pending: UPLOADED },
  published_at: null,
  created_at: UPLOADED,
  updated_at: UPLOADED,
  app: { did: APP_DID, name: 'weather', title: 'Weather', logo: null, developer_did: DEVELOPER_DID },
};

/** The app as the admins read it (the detail) or as the PUT answers it (the developer's app). */
function app(reviewType: ReviewType | null) {
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
    blocked: false,
    block_reason: null,
    auto_publish: false,
    review_type: reviewType,
    latest_version: '1.2.0',
    latest_status: 'pending',
  };
}

function api(initial: ReviewType | null = null, overrides: Record<string, ApiHandler> = {}) {
  let reviewType = initial;
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
    'GET /api/console/reviews': () => ({ list: [ITEM], count: 1 }),
    [`GET /api/developer/apps/${encodeURIComponent(APP_DID)}/versions/1.2.0/thread`]: () => ({
      list: [],
      count: 0,
    }),
    [`GET ${APP_PATH}`]: () => ({ ...app(reviewType), versions: [] }),
    [CONSOLE_APP_ROUTE]: ({ body }) => {
      reviewType = (body as { review_type: ReviewType | null }).review_type;
      return app(reviewType);
    },
    'GET /api/console/store-settings': () => ({
      object: 'store_settings',
      review_type: 'every',
      updated_at: null,
    }),
    'GET /api/users': () => ({ list: [], count: 0 }),
    ...overrides,
  });
}

async function reviewTypeSelect(heading = 'Review type of this app', label = 'Review type') {
  fireEvent.click(await screen.findByRole('button', { name: /Weather 1\.2\.0/ }));
  const panel = screen.getByRole('dialog', { name: 'Weather 1.2.0' });
  const section = within(panel).getByRole('region', { name: heading });
  return {
    section,
    select: await within(section).findByRole<HTMLSelectElement>('combobox', { name: label }),
  };
}

function options(select: HTMLSelectElement) {
  return Array.from(select.options).map((option) => option.textContent);
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

describe('AppReviewTypeSection', { timeout: 20_000 }, () => {
  it("follows the store's setting by default, and names that setting as it stands", async () => {
    api(null);
    renderRoutesAt(PAGE, routes);
    const { select } = await reviewTypeSelect();
    expect(select.value).toBe('');
    await vi.waitFor(() =>
      expect(options(select)).toEqual([
        'The store’s setting (currently: Every version)',
        'First approval only',
        'Every version',
      ]),
    );
  });

  it("shows the app's own review type", async () => {
    api('first');
    renderRoutesAt(PAGE, routes);
    const { select } = await reviewTypeSelect();
    expect(select.value).toBe('first');
  });

  it("saves the chosen type, then null for the store's setting, showing what was saved", async () => {
    const calls = api(null);
    renderRoutesAt(PAGE, routes);
    const { section, select } = await reviewTypeSelect();

    fireEvent.change(select, { target: { value: 'first' } });
    expect(await within(section).findByText('Saved')).toBeTruthy();
    // The value shown is the app read again after the save.
    await vi.waitFor(() => expect(calls.calls(`GET ${APP_PATH}`).length).toBeGreaterThanOrEqual(2));
    expect(within(section).getByRole<HTMLSelectElement>('combobox', { name: 'Review type' }).value).toBe(
      'first',
    );

    fireEvent.change(within(section).getByRole('combobox', { name: 'Review type' }), {
      target: { value: '' },
    });
    await vi.waitFor(() => expect(calls.calls(CONSOLE_APP_ROUTE)).toHaveLength(2));
    await vi.waitFor(() =>
      expect(within(section).getByRole<HTMLSelectElement>('combobox', { name: 'Review type' }).value).toBe(
        '',
      ),
    );
    expect(calls.calls(CONSOLE_APP_ROUTE).map((call) => call.body)).toEqual([
      { review_type: 'first' },
      { review_type: null },
    ]);
  });

  it("shows the server's refusal and keeps the saved value", async () => {
    api('every', {
      [CONSOLE_APP_ROUTE]: () => jsonResponse({ code: 'APP_NOT_FOUND', error: 'No app with this DID' }, 404),
    });
    renderRoutesAt(PAGE, routes);
    const { section, select } = await reviewTypeSelect();
    fireEvent.change(select, { target: { value: 'first' } });
    expect(await within(section).findByText('No app with this DID')).toBeTruthy();
    expect(within(section).getByRole<HTMLSelectElement>('combobox', { name: 'Review type' }).value).toBe(
      'every',
    );
  });

  it("shows an app that could not be read, with the server's text", async () => {
    api(null, {
      [`GET ${APP_PATH}`]: () => jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: /Weather 1\.2\.0/ }));
    const panel = screen.getByRole('dialog', { name: 'Weather 1.2.0' });
    const section = within(panel).getByRole('region', { name: 'Review type of this app' });
    expect(
      await within(section).findByText('The review type could not be loaded: Database unavailable'),
    ).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api(null);
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    const { select } = await reviewTypeSelect('此应用的审核方式', '审核方式');
    await vi.waitFor(() =>
      expect(options(select)).toEqual(['商店设置（当前：每个版本都审核）', '仅首次审核', '每个版本都审核']),
    );
  });
});
