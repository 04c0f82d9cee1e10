import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@kiosk/react/testing';
import type { Role } from '@kiosk/core';
import { kioskClient } from '../../lib/api.ts';
import { renderWithProviders } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { AppHeader } from './AppHeader.tsx';

function renderHeaderFor(roles: Role[]) {
  const api = mockApi({
    'GET /api/session': () => signedIn(userWithRoles(roles)),
    'GET /api/payment-intents': () => ({ list: [], count: 0 }),
  });
  renderWithProviders(
    <MemoryRouter>
      <AppHeader />
    </MemoryRouter>,
  );
  return api;
}

async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' }));
  // The menu's code loads on its first opening.
  return screen.findByRole('menu', { name: 'Account' });
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the live/test switch in the account menu', { timeout: 20_000 }, () => {
  it.each([['owner'], ['admin']] as const)(
    'lets an %s switch to test mode and back: stored, sent with the calls, shown in the header',
    async (role) => {
      const api = renderHeaderFor([role, 'member']);
      const menu = await openAccountMenu();
      const item = within(menu).getByRole('menuitemcheckbox', { name: 'Test mode' });
      expect(item.getAttribute('aria-checked')).toBe('false');
      expect(item.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(item.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Showing live data',
      );
      expect(screen.queryByText('Test mode', { selector: '.MuiChip-label' })).toBeNull();

      fireEvent.click(item);
      expect(window.localStorage.getItem('livemode')).toBe('false');
      expect(item.getAttribute('aria-checked')).toBe('true');
      expect(within(item).getByText('Showing test data')).toBeTruthy();
      // The menu stays open on its new state; the header says test mode for everyone to see.
      expect(screen.getByRole('menu', { name: 'Account' })).toBeTruthy();
      expect(screen.getByText('Test mode', { selector: '.MuiChip-label' })).toBeTruthy();
      await kioskClient.call('GET /api/payment-intents');
      expect(api.calls('GET /api/payment-intents').at(-1)!.url.searchParams.get('livemode')).toBe('false');

      // Keyboard: Enter on the focused item switches back.
      item.focus();
      fireEvent.keyDown(item, { key: 'Enter' });
      expect(window.localStorage.getItem('livemode')).toBe('true');
      await kioskClient.call('GET /api/payment-intents');
      expect(api.calls('GET /api/payment-intents').at(-1)!.url.searchParams.get('livemode')).toBe('true');
    },
  );

  it('is not offered to a developer or member, nor is the dashboard link', async () => {
    renderHeaderFor(['developer', 'member']);
    // Asked before the menu opens: an open menu hides the rest of the page from assistive technology.
    await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    expect(screen.getByRole('link', { name: 'Developer' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitemcheckbox')).toBeNull();
  });

  it('shows owners the dashboard link to its home', async () => {
    renderHeaderFor(['owner', 'member']);
    const link = await screen.findByRole('link', { name: 'Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard/home');
  });

  it('leads each user only where they may go: a member to Become a developer, never to a 403', async () => {
    renderHeaderFor(['member']);
    await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    expect(screen.getByRole('link', { name: 'Become a developer' }).getAttribute('href')).toBe('/join');
    expect(screen.queryByRole('link', { name: 'Developer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Console' })).toBeNull();
    cleanup();
    renderHeaderFor(['owner', 'developer']);
    await screen.findByRole('button', { name: 'Account menu: Ada Lovelace' });
    expect(screen.getByRole('link', { name: 'Developer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Console' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Become a developer' })).toBeNull();
  });
});
