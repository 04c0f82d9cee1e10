import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App, AppDetail, AppVersion, Category } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedOut } from '../../test-support/sessions.ts';

const T0 = 1_767_225_600; // 2026-01-01
const DID = 'did:abt:z1WeatherBoardApp0001';
const DEV = 'did:abt:z1DeveloperKey9999xyz';

function app(overrides: Partial<App> = {}): App {
  return {
    did: DID,
    object: 'app',
    name: 'weather-board',
    title: 'Weather Board',
    description: 'The forecast on your wall.',
    logo: 'logo.png',
    screenshots: [],
    category: 'Weather',
    developer_did: DEV,
    downloads: 1234,
    version: '1.1.0',
    published_at: T0,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

function version(semver: string, overrides: Partial<AppVersion> = {}): AppVersion {
  return {
    id: `ver_${semver}`,
    object: 'app_version',
    app_did: DID,
    version: semver,
    name: 'weather-board',
    status: 'published',
    size: 1536,
    integrity: 'sha512-abc',
    signature: 'sig',
    changelog: null,
    metadata: {},
    download_url: `/api/apps/${DID}/${semver}/weather-board-${semver}.tgz`,
    launchable: true,
    status_transitions: {},
    published_at: T0,
    created_at: T0,
    updated_at: T0,
    ...overrides,
  };
}

function detail(overrides: Partial<AppDetail> = {}): AppDetail {
  return {
    ...app(),
    versions: [
      version('1.1.0', { changelog: 'Hourly forecast.', size: 2.5 * 1024 * 1024 }),
      // Uploaded without the page a launch opens.
      version('1.0.0', { changelog: 'First release.', launchable: false }),
    ],
    ...overrides,
  };
}

const category = (name: string, app_count: number, locales: Record<string, string> = {}): Category => ({
  id: `cat_${name}`,
  name,
  locales,
  app_count,
  created_at: T0,
  updated_at: T0,
});

const notes = app({
  did: 'did:abt:z1PocketNotes',
  name: 'pocket-notes',
  title: 'Pocket Notes',
  downloads: 1,
});
const paint = app({ did: 'did:abt:z1PixelPaint', name: 'pixel-paint', title: 'Pixel Paint', downloads: 0 });
const page = (list: App[], count = list.length) => ({ list, count });
const appRoute = (did: string) => `GET /api/apps/${encodeURIComponent(did)}`;

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/session': () => signedOut(),
    'GET /api/categories': () => ({
      list: [category('Weather', 2, { zh: '天气' }), category('Notes', 1)],
    }),
    // The home's sections differ by sort; a search answers every app it is asked for.
    'GET /api/apps': ({ url }) =>
      url.searchParams.get('sort') === 'newest' ? page([paint, notes]) : page([app(), notes, paint]),
    [appRoute(DID)]: () => detail(),
    [`${appRoute(DID)}/pricing`]: () => ({
      object: 'app_pricing',
      app_did: DID,
      type: 'free',
      interval: null,
      prices: [],
      livemode: true,
      price_id: null,
      updated_at: null,
    }),
    ...overrides,
  });
}

const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The routes load the screens lazily; loaded once here, no test's first look waits for the transform.
  await Promise.all([
    import('./StoreHomePage.tsx'),
    import('./StoreResultsPage.tsx'),
    import('./AppDetailPage.tsx'),
  ]);
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('store front', { timeout: 20_000 }, () => {
  it('shows the most downloaded and the newest apps, eight of each, and the categories as links', async () => {
    const calls = api();
    renderRoutesAt('/', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiosk Store' })).toBeTruthy();

    const popular = await screen.findByRole('list', { name: 'Most downloaded' });
    const titles = (list: HTMLElement) =>
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
    expect(titles(popular)).toEqual(['Weather Board', 'Pocket Notes', 'Pixel Paint']);
    const newest = await screen.findByRole('list', { name: 'New' });
    expect(titles(newest)).toEqual(['Pixel Paint', 'Pocket Notes']);

    // Each card links to its app's page and says its downloads and version.
    const card = within(popular).getByRole('link', { name: 'Weather Board' });
    expect(card.getAttribute('href')).toBe(`/apps/${DID}`);
    expect(within(card).getByText('1,234 downloads')).toBeTruthy();
    expect(within(card).getByText('v1.1.0')).toBeTruthy();
    expect(within(popular).getByText('1 download')).toBeTruthy();

    const sorts = calls.calls('GET /api/apps').map((call) => Object.fromEntries(call.url.searchParams));
    expect(sorts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sort: 'downloads', page: '1', pageSize: '8' }),
        expect.objectContaining({ sort: 'newest', page: '1', pageSize: '8' }),
      ]),
    );

    const categories = await screen.findByRole('list', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: 'Weather (2)' }).getAttribute('href')).toBe(
      '/category/Weather',
    );
    expect(within(categories).getByRole('link', { name: 'Notes (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all: Most downloaded' }).getAttribute('href')).toBe(
      '/search?sort=downloads',
    );
  });

  it('submits a search to /search?q=, which asks the API for those words', async () => {
    const calls = api({ 'GET /api/apps': () => page([app()]) });
    const { router } = renderRoutesAt('/', routes);
    const box = await screen.findByRole('searchbox', { name: 'Search apps' });
    fireEvent.input(box, { target: { value: '  weather ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search apps' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “weather”' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/search');
    expect(searchOf(router)).toEqual({ q: 'weather' });
    expect(await screen.findByText('1 app')).toBeTruthy();
    // The home's own sections may still be asking for theirs: the search's request is the one with q.
    const searched = calls.calls('GET /api/apps').filter((call) => call.url.searchParams.has('q'));
    expect(searched.map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      expect.objectContaining({ q: 'weather', sort: 'relevance', page: '1', pageSize: '20' }),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Weather Board' })).toBeTruthy();
    // The box keeps the words, to refine them.
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe(
      'weather',
    );
  });

  it('asks again in the chosen order, from the first page, and keeps the order in the address', async () => {
    const calls = api();
    const { router } = renderRoutesAt('/search?q=notes&page=2', routes);
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect((sort as HTMLSelectElement).value).toBe('relevance');
    await screen.findByText('3 apps');

    fireEvent.change(sort, { target: { value: 'newest' } });
    await vi.waitFor(() =>
      expect(Object.fromEntries(calls.calls('GET /api/apps').at(-1)!.url.searchParams)).toMatchObject({
        q: 'notes',
        sort: 'newest',
        page: '1',
      }),
    );
    expect(searchOf(router)).toEqual({ q: 'notes', sort: 'newest' });
    expect(await screen.findByText('2 apps')).toBeTruthy();
  });

  it('pages through 45 results twenty at a time', async () => {
    const calls = api({
      'GET /api/apps': ({ url }) => page([app({ title: `Result page ${url.searchParams.get('page')}` })], 45),
    });
    const { router } = renderRoutesAt('/search?q=app', routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Result page 1' })).toBeTruthy();
    expect(screen.getByText('45 apps')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByRole('button', { name: 'Go to page 3' })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: 'Go to page 4' })).toBeNull();

    fireEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Result page 2' })).toBeTruthy();
    expect(searchOf(router)).toEqual({ q: 'app', page: '2' });
    expect(Object.fromEntries(calls.calls('GET /api/apps').at(-1)!.url.searchParams)).toMatchObject({
      q: 'app',
      page: '2',
      pageSize: '20',
    });
  });

  it('says when nothing matches, and shows a failure with a retry that asks again', async () => {
    api({ 'GET /api/apps': () => page([]) });
    renderRoutesAt('/search?q=zzz', routes);
    expect(await screen.findByText(/No apps match “zzz”\./)).toBeTruthy();
    expect(screen.getByText('0 apps')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).toBeNull();
    cleanup();

    let answer: () => unknown = () => jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500);
    const calls = api({ 'GET /api/apps': () => answer() });
    renderRoutesAt('/search?q=weather', routes);
    expect(await screen.findByText(/Apps could not be loaded\. Database unavailable/)).toBeTruthy();
    answer = () => page([app()]);
    const before = calls.calls('GET /api/apps').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Weather Board' })).toBeTruthy();
    expect(calls.calls('GET /api/apps').length).toBe(before + 1);
  });

  it('shows skeletons while the apps load', async () => {
    api({ 'GET /api/apps': () => new Promise(() => {}) });
    renderRoutesAt('/search?q=weather', routes);
    expect((await screen.findByRole('status', { name: 'Loading apps…' })).getAttribute('aria-busy')).toBe(
      'true',
    );
  });

  it("lists a category's apps under its name in Chinese", async () => {
    const calls = api();
    renderRoutesAt('/category/Weather', routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '天气' })).toBeTruthy();
    expect(await screen.findByText('共 3 个应用')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '排序方式' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '下载最多' })).toBeTruthy();
    expect(await screen.findByText('1,234 次下载')).toBeTruthy();
    const current = await screen.findByRole('link', { name: '天气（2）' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(calls.calls('GET /api/apps').at(-1)!.url.searchParams.get('category')).toBe('Weather');
  });

  it('shows an app with its versions and a download link for the published one', async () => {
    api();
    renderRoutesAt(`/apps/${DID}`, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weather Board' })).toBeTruthy();
    // A free app: its download, once its price (none) is known.
    const download = await screen.findByRole('link', { name: 'Download 1.1.0' });
    expect(download.getAttribute('href')).toBe(`/api/apps/${DID}/1.1.0/weather-board-1.1.0.tgz`);
    expect(screen.getByRole('button', { name: 'Open Weather Board in a new tab' })).toBeTruthy();
    expect(screen.getByText(/^2\.5 MB \.tgz bundle/)).toBeTruthy();

    const facts = screen.getByRole('complementary', { name: 'About the app' });
    expect(within(facts).getByText('weather-board')).toBeTruthy();
    expect(within(facts).getByText('did:abt:z1De…9xyz').getAttribute('title')).toBe(DEV);
    expect(within(facts).getByRole('link', { name: 'Weather' }).getAttribute('href')).toBe(
      '/category/Weather',
    );
    expect(within(facts).getByText('1,234')).toBeTruthy();
    expect(within(facts).getByText('1.1.0')).toBeTruthy();
    expect(screen.getByText('The forecast on your wall.')).toBeTruthy();

    const versions = screen.getByRole('list', { name: 'Versions' });
    const items = within(versions).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Hourly forecast.')).toBeTruthy();
    expect(within(items[0]!).getByText(/Size 2\.5 MB/)).toBeTruthy();
    expect(within(items[0]!).getByText(/Published .*2026/)).toBeTruthy();
    expect(within(items[0]!).getByText('Current')).toBeTruthy();
    expect(within(items[1]!).getByText('First release.')).toBeTruthy();
    expect(within(items[1]!).getByText(/Size 1\.5 KB/)).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Version 1.0.0' }).getAttribute('href')).toBe(
      `/apps/${DID}/1.0.0`,
    );
  });

  it('downloads the version the address names, or says it is not listed and offers the published one', async () => {
    api();
    renderRoutesAt(`/apps/${DID}/1.0.0`, routes);
    const download = await screen.findByRole('link', { name: 'Download 1.0.0' });
    expect(download.getAttribute('href')).toBe(`/api/apps/${DID}/1.0.0/weather-board-1.0.0.tgz`);
    // A bundle without its page offers no Launch; 1.1.0's does.
    expect(screen.queryByRole('button', { name: 'Open Weather Board in a new tab' })).toBeNull();
    cleanup();

    api();
    renderRoutesAt(`/apps/${DID}/9.9.9`, routes);
    expect(await screen.findByText('Version 9.9.9 is not published; showing 1.1.0 instead.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Download 1.1.0' })).toBeTruthy();
    cleanup();

    api();
    renderRoutesAt(`/app/${DID}`, routes);
    expect(await screen.findByRole('link', { name: 'Download 1.1.0' })).toBeTruthy();
  });

  it('says an unknown app was not found, with a way back to the store', async () => {
    const missing = 'did:abt:z1Nothing';
    api({ [appRoute(missing)]: () => jsonResponse({ code: 'NOT_FOUND', error: 'App not found' }, 404) });
    renderRoutesAt(`/apps/${missing}`, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'App not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the store' }).getAttribute('href')).toBe('/');
  });
});
