import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './components/layout/AppShell.tsx';
import { RouteErrorPage } from './components/RouteErrorPage.tsx';
import { setTracker } from './lib/tracker.ts';
import { routes } from './routes.tsx';
import { envelope, mockApi, settings } from '@kiosk/react/testing';
import { renderRoutesAt } from './test-support/render-app.tsx';
import { signedIn, userWithRoles } from './test-support/sessions.ts';

function renderAt(path: string, routeTable: RouteObject[] = routes) {
  return renderRoutesAt(path, routeTable).router;
}

beforeEach(() => {
  // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  vi.stubGlobal('scrollTo', () => {});
  // Every role, so the protected screens open; their guard has its own tests.
  const user = userWithRoles(['owner', 'developer', 'member']);
  mockApi({ 'GET /api/session': () => signedIn(user) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setTracker(null);
  document.cookie = 'CookieConsent=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** The store's answers when it has no apps yet. */
function emptyStore(): void {
  mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'developer', 'member'])),
    'GET /api/apps': () => ({ list: [], count: 0 }),
    'GET /api/categories': () => ({ list: [] }),
    'GET /api/developer/access-tokens': () => ({ list: [], count: 0 }),
    'GET /api/developer/apps': () => ({ list: [], count: 0 }),
    'GET /api/donation-links': () => ({ list: [], count: 0 }),
    'GET /api/console/reviews': () => ({ list: [], count: 0 }),
    'GET /api/console/store-settings': () => ({
      object: 'store_settings',
      review_type: 'every',
      updated_at: null,
    }),
  });
}

describe('routes', () => {
  it.each([
    ['/', 'Kiosk Store'],
    ['/search?q=wallet', 'Results for “wallet”'],
    ['/category/tools', 'tools'],
    ['/apps/z1abc', 'App not found'],
    ['/apps/z1abc/1.2.0', 'App not found'],
    ['/app/z1abc', 'App not found'],
    ['/connect-cli', 'Connect the CLI'],
    ['/connect-studio', 'Connect the studio'],
    ['/gen-key-pair', 'Generate a key pair'],
    ['/join', 'Join as a developer'],
    ['/developer/access-tokens', 'Access tokens'],
    ['/developer/apps', 'Developer apps'],
    ['/console/apps', 'App management'],
    ['/console/categories', 'Category management'],
    ['/integrations/donations', 'Donations'],
  ])('%s shows its screen, headed "%s"', async (path, heading) => {
    emptyStore();
    renderAt(path);
    // Each screen's code loads on its first visit: the first in a run can take a few seconds.
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent).toBe(heading);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('sends any other path to the store home', async () => {
    emptyStore();
    const router = renderAt('/no/such/page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Kiosk Store');
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the store navigation off the checkout page', async () => {
    renderAt('/checkout/pay/cs_123');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();

    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows a payment link on the hosted checkout at the address of the session it started', async () => {
    mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['member'])),
      'POST /api/checkout-sessions/start/plink_demo0001': () => envelope(),
      'GET /api/settings': () => settings(),
      'GET /api/customers/me': () => ({ did: 'did:pkh:eip155:1:0x1', name: null, address: {}, metadata: {} }),
    });
    const router = renderAt('/checkout/pay/plink_demo0001?currencyId=pc_eth');
    expect((await screen.findByTestId('checkout-total')).textContent).toBe('0.01 ETH');
    expect(router.state.location.pathname).toBe('/checkout/pay/cs_test0000001');
    expect(router.state.location.search).toBe('?currencyId=pc_eth');
  });

  it('reports a page view for each route, without the auth token', async () => {
    const pageView = vi.fn();
    setTracker({ pageView });
    const router = renderAt('/checkout/pay/cs_1?authToken=secret&currencyId=usd');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/search?q=x');
    await screen.findByRole('heading', { level: 1, name: 'Results for “x”' });
    // The view is reported by an effect after the page draws, not with the draw itself.
    await waitFor(() =>
      expect(pageView.mock.calls.map(([path]) => path)).toEqual([
        '/checkout/pay/cs_1?currencyId=usd',
        '/search?q=x',
      ]),
    );
  });

  it.each([
    [404, 'Sorry, the page you visited does not exist.'],
    [403, 'Sorry, you are not authorized to access this page.'],
    [400, 'Sorry, request error'],
  ])('shows the page message for a %i thrown by a screen', async (status, message) => {
    renderAt('/broken', [
      {
        element: <AppShell />,
        children: [
          {
            path: '/broken',
            element: <span />,
            hydrateFallbackElement: <span />,
            errorElement: <RouteErrorPage />,
            loader: () => {
              throw new Response(null, { status });
            },
          },
        ],
      },
    ]);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`${status} ${message}`);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows the 500 message when a screen crashes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Crash(): never {
      throw new Error('boom');
    }
    renderAt('/crash', [{ path: '/crash', element: <Crash />, errorElement: <RouteErrorPage /> }]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      '500 Sorry, something went wrong.',
    );
  });
});
