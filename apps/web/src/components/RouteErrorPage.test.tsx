import { cleanup, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@kiosk/react/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startErrorReporting } from '../lib/error-reporting.ts';
import { renderRoutesAt } from '../test-support/render-app.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

beforeAll(() => {
  startErrorReporting();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const api = () =>
  mockApi({
    'GET /api/client-errors/config': () => ({ sample_rate: 1 }),
    'POST /api/client-errors': () => undefined,
  });

describe('the route error page', () => {
  it('reports the crash of a screen it shows the 500 message for', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = api();
    function Crash(): never {
      throw new Error('the screen fell over');
    }
    renderRoutesAt('/crash', [{ path: '/crash', element: <Crash />, errorElement: <RouteErrorPage /> }]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      '500 Sorry, something went wrong.',
    );
    await waitFor(() => expect(calls('POST /api/client-errors')).toHaveLength(1));
    expect(calls('POST /api/client-errors')[0]!.body).toMatchObject({
      source: 'render',
      message: 'the screen fell over',
      stack: expect.stringContaining('the screen fell over'),
      app_version: 'dev',
    });
  });

  it('does not report the router’s own answers, such as a 404', async () => {
    const { requests } = api();
    renderRoutesAt('/missing', [
      {
        path: '/missing',
        element: <span />,
        hydrateFallbackElement: <span />,
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw new Response(null, { status: 404 });
        },
      },
    ]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/^404/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/client-errors'))).toEqual([]);
  });
});
