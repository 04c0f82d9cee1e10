import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToSiteRoot } from '../../lib/site-root.ts';
import { mockApi } from '@kiosk/react/testing';
import { renderWithProviders } from '../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../test-support/sessions.ts';
import { HeaderAccount } from './HeaderAccount.tsx';

vi.mock('../../lib/site-root.ts', () => ({ goToSiteRoot: vi.fn() }));

function renderHeaderAccount() {
  return renderWithProviders(
    <MemoryRouter>
      <HeaderAccount />
    </MemoryRouter>,
  );
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goToSiteRoot).mockClear();
});

describe('HeaderAccount', () => {
  it('offers Sign in when signed out, which opens the sign-in dialog', async () => {
    mockApi({
      'GET /api/session': () => signedOut(),
      'POST /api/did/login/token': () => ({
        token: 'tok_1',
        secret: 'secret_1',
        auth_url: 'http://localhost:3000/api/did/login/auth?_t_=tok_1',
        deep_link: 'kiosk://connect?url=x',
        expires_at: 1_767_323_045,
      }),
    });
    renderHeaderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Kiosk' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens an account menu with the profile, the customer portal and sign-out, which ends the session and goes to the root', async () => {
    const api = mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['member'])),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    renderHeaderAccount();
    const button = await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The menu's code loads on its first opening.
    const profile = await screen.findByRole('menuitem', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/profile');
    // Keyboard users land on the first action and arrow down to the next.
    await waitFor(() => expect(document.activeElement).toBe(profile));
    fireEvent.keyDown(profile, { key: 'ArrowDown' });
    const portal = screen.getByRole('menuitem', { name: 'Subscriptions and invoices' });
    expect(portal.getAttribute('href')).toBe('/customer');
    expect(document.activeElement).toBe(portal);
    fireEvent.keyDown(portal, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(goToSiteRoot).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(goToSiteRoot).toHaveBeenCalledTimes(1));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
  });

  it('shows initials for a user without a picture, and an identicon for one without a name', async () => {
    mockApi({ 'GET /api/session': () => signedIn(userWithRoles(['member'])) });
    renderHeaderAccount();
    expect((await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' })).textContent).toBe(
      'AL',
    );
    cleanup();

    mockApi({ 'GET /api/session': () => signedIn(userWithRoles(['member'], { name: null })) });
    const { container } = renderHeaderAccount();
    const button = await screen.findByRole('button', { name: 'Account menu: 0x5b38…ddc4' });
    expect(button.textContent).toBe('');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });
});
