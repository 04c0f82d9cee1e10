import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDonation as AppDonationAnswer, DonationsAnswer, Setting } from '@kiosk/contracts';
import { mockApi, type ApiHandler } from '@kiosk/react/testing';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../../test-support/sessions.ts';
import { AppDonation } from './AppDonation.tsx';
// The widget and the dialog load on demand; loading them here keeps that time out of the waits.
import '@kiosk/react/donate';
import './DonationSettingsDialog.tsx';

/**
 * "Support the developer" on an app page (issue 24 item 7; seed 001 donation settings): nothing for
 * visitors while donations are off; the Enable button and the settings dialog for owners and admins;
 * the donate widget once they are on.
 */

const DID = 'z1PixelPad';
const DONATION = `POST /api/apps/${DID}/donation`;

function setting(overrides: Partial<Setting> = {}): Setting {
  return {
    id: 'set_1',
    object: 'setting',
    livemode: false,
    type: 'donate',
    mountLocation: 'store-app-page',
    description: 'App pages',
    componentDid: null,
    active: false,
    settings: {
      amount: { presets: ['1', '5', '10'], preset: '1', minimum: '0.01', maximum: '100', custom: true },
      historyType: 'avatar',
    },
    created: 1,
    updated: 1,
    ...overrides,
  };
}

function answer(
  current: Setting | null,
  target: string | null = null,
  developerAccepts = true,
): AppDonationAnswer {
  return {
    livemode: false,
    mountLocation: 'store-app-page',
    setting: current,
    target,
    developerPercent: 90,
    developerAccepts,
  };
}

const supporters: DonationsAnswer = {
  payment_link_id: 'plink_app00001',
  title: 'Pixel Pad',
  supporters: [],
  total: 0,
  totalAmount: '0',
  currency: { id: 'pc_eth', symbol: 'ETH', decimal: 18 },
  shares: [],
};

function api(roles: string[] | null, routes: Record<string, ApiHandler>) {
  return mockApi({
    'GET /api/session': () => (roles ? signedIn(userWithRoles(roles as never)) : signedOut()),
    ...routes,
  });
}

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('donations on an app page', () => {
  it('shows visitors nothing while donations are off', async () => {
    const calls = api(null, { [DONATION]: () => answer(setting()) });
    const { container } = renderWithProviders(<AppDonation did={DID} title="Pixel Pad" />);
    await waitFor(() => expect(calls.calls(DONATION)).toHaveLength(1));
    await waitFor(() => expect(calls.calls('GET /api/session')).toHaveLength(1));
    expect(container.textContent).toBe('');
  });

  it('lets an owner enable them: the settings are made, then turned on, in the store’s mode', async () => {
    let current: Setting | null = null;
    const calls = api(['owner'], {
      [DONATION]: () => answer(current, current?.active ? DID : null),
      'POST /api/settings': () => (current = setting()),
      'PUT /api/settings/set_1': () => (current = setting({ active: true })),
      'GET /api/donations': () => supporters,
    });
    renderWithProviders(<AppDonation did={DID} title="Pixel Pad" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await screen.findByRole('button', { name: 'Donate' });
    expect(calls.calls('POST /api/settings')[0]!.body).toMatchObject({
      type: 'donate',
      mountLocation: 'store-app-page',
    });
    const [enable] = calls.calls('PUT /api/settings/set_1');
    expect(enable!.body).toEqual({ active: true });
    expect(enable!.url.searchParams.get('livemode')).toBe('false');
    expect(screen.getByText('90% of each donation goes to the developer of Pixel Pad.')).toBeTruthy();
    expect(calls.calls('GET /api/donations')[0]!.url.searchParams.get('livemode')).toBe('false');
  });

  it("tells an owner when the app's developer has not turned donations on, and offers no Enable", async () => {
    api(['owner'], { [DONATION]: () => answer(setting({ active: true }), null, false) });
    renderWithProviders(<AppDonation did={DID} title="Pixel Pad" />);
    await screen.findByText(
      'Donations are on for the store; this app’s developer has not turned them on for it.',
    );
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Donate' })).toBeNull();
  });

  it('lets an admin change the amounts, presets only included, checked before they are sent', async () => {
    const calls = api(['admin'], {
      [DONATION]: () => answer(setting({ active: true }), DID),
      'PUT /api/settings/set_1': () => setting({ active: true }),
      'GET /api/donations': () => supporters,
    });
    renderWithProviders(<AppDonation did={DID} title="Pixel Pad" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Donation settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Donation settings for app pages' });
    const presets = within(dialog).getByRole('textbox', { name: 'Suggested amounts' });
    await waitFor(() => expect(document.activeElement).toBe(presets));
    fireEvent.input(presets, { target: { value: '2, lots' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Enter an amount such as 5 or 0.01');
    expect(calls.calls('PUT /api/settings/set_1')).toHaveLength(0);

    fireEvent.input(presets, { target: { value: '2, 20' } });
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Chosen first' }), {
      target: { value: '20' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Button text' }), {
      target: { value: 'Buy them a coffee' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Donors may give an amount of their own/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('PUT /api/settings/set_1')[0]!.body).toEqual({
      settings: {
        amount: { presets: ['2', '20'], preset: '20', minimum: '0.01', maximum: '100', custom: false },
        btnText: 'Buy them a coffee',
        historyType: 'avatar',
      },
    });
  });
});
