import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../hooks/use-session.ts';
import type { Role } from '@kiosk/core';
import { routes } from '../routes.tsx';
import { mockApi } from '@kiosk/react/testing';
import { renderRoutesAt } from '../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../test-support/sessions.ts';

const FORBIDDEN_HEADING = '403 Sorry, you are not authorized to access this page.';
const CONNECT_SESSION = {
  token: 'tok_1',
  secret: 'secret_1',
  auth_url: 'http://localhost:3000/api/did/login/auth?_t_=tok_1',
  deep_link: 'kiosk://connect?url=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fdid%2Flogin%2Fauth%3F_t_%3Dtok_1',
  status: 'created',
  expires_at: 1_767_323_045,
};

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  // The page polls instead; jsdom would otherwise try a real socket.
  vi.stubGlobal('WebSocket', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProtectedRoute', () => {
  it('shows a spinner, then the sign-in, and after signing in the page at the same address', async () => {
    let user: SessionUser | null = null;
    let answerSession: () => void = () => {};
    const sessionReady = new Promise<void>((resolve) => (answerSession = resolve));
    const api = mockApi({
      'GET /api/session': async () => {
        await sessionReady;
        return user ? signedIn(user) : signedOut();
      },
      'POST /api/did/login/token': () => CONNECT_SESSION,
      'GET /api/did/login/status': () => {
        // The status call that sees success is the one that sets the cookie.
        user = userWithRoles(['member']);
        return { status: 'succeeded' };
      },
    });
    const { router } = renderRoutesAt('/customer/invoice/past-due', routes);

    expect(await screen.findByRole('progressbar', { name: 'Checking your sign-in…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    answerSession();
    expect(await screen.findByRole('dialog', { name: 'Sign in to Kiosk' })).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Waiting for you to sign in…', hidden: true }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, hidden: true })).toBeNull();

    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Past-due invoices' },
      { timeout: 5_000 },
    );
    expect(heading).toBeTruthy();
    expect(router.state.location.pathname).toBe('/customer/invoice/past-due');
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = api.calls('GET /api/did/login/status')[0]!.url.searchParams;
    expect([status.get('_t_'), status.get('secret')]).toEqual(['tok_1', 'secret_1']);
  });

  it('goes to the store home when the visitor closes the sign-in without signing in', async () => {
    mockApi({
      'GET /api/session': () => signedOut(),
      'POST /api/did/login/token': () => CONNECT_SESSION,
      'GET /api/did/login/status': () => ({ status: 'created' }),
    });
    const { router } = renderRoutesAt('/profile', routes);
    await screen.findByRole('dialog', { name: 'Sign in to Kiosk' });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Kiosk Store');
    expect(router.state.location.pathname).toBe('/');
  });

  it.each<[string, Role[], string]>([
    ['/console/apps', ['member'], FORBIDDEN_HEADING],
    ['/console/apps', ['developer', 'member'], FORBIDDEN_HEADING],
    ['/console/apps', ['admin', 'member'], 'App management'],
    ['/console/categories', ['owner', 'member'], 'Category management'],
    ['/developer/apps', ['member'], FORBIDDEN_HEADING],
    ['/developer/access-tokens', ['admin', 'member'], FORBIDDEN_HEADING],
    ['/developer/apps', ['developer', 'member'], 'Developer apps'],
    ['/customer/invoice/past-due', ['member'], 'Past-due invoices'],
  ])('%s with roles %j shows "%s"', async (path, roles, heading) => {
    mockApi({ 'GET /api/session': () => signedIn(userWithRoles(roles)) });
    renderRoutesAt(path, routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
