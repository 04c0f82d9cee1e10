import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@kiosk/contracts';
import { routes } from '../routes.tsx';
import { jsonResponse, mockApi } from '@kiosk/react/testing';
import { renderRoutesAt } from '../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../test-support/sessions.ts';

const SECRET = 'sk_test_51HxSecretValueShownOnce';
const OLD_KEY: ApiKey = {
  id: 'key_old',
  name: 'Old back end',
  livemode: true,
  prefix: 'sk_live_9f3a',
  created_at: 1_767_225_600,
  last_used_at: null,
};

beforeEach(() => vi.stubGlobal('scrollTo', () => {}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mockAdminApi() {
  const keys: ApiKey[] = [OLD_KEY];
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
    'GET /api/api-keys': () => ({ list: [...keys], count: keys.length }),
    'POST /api/api-keys': ({ body }) => {
      const { name, livemode } = body as { name: string; livemode: boolean };
      const created = {
        id: 'key_new',
        name,
        livemode,
        prefix: 'sk_test_51Hx',
        created_at: 1_767_312_000,
        last_used_at: null,
      };
      keys.push(created);
      return { ...created, secret: SECRET };
    },
    'DELETE /api/api-keys/key_old': () => {
      keys.splice(keys.indexOf(OLD_KEY), 1);
      return new Response(null, { status: 204 });
    },
  });
}

describe('ProfilePage', () => {
  it('shows the DID, the name and the roles', async () => {
    mockApi({ 'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])) });
    renderRoutesAt('/profile', routes);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Profile');
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('did:pkh:eip155:1:0x5b38da6a701c568545dcfcb03fcb875f56beddc4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy DID' })).toBeTruthy();
    const roleList = screen.getByRole('list', { name: 'Roles' });
    const roles = within(roleList)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(roles).toEqual(['Developer', 'Member']);
  });

  it('keeps the API keys from members', async () => {
    const api = mockApi({ 'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])) });
    renderRoutesAt('/profile', routes);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(api.calls('GET /api/api-keys')).toHaveLength(0);
  });

  it('creates an API key and shows its secret once', async () => {
    const api = mockAdminApi();
    renderRoutesAt('/profile', routes);
    expect(await screen.findByText('Old back end')).toBeTruthy();
    const listed = api.calls('GET /api/api-keys')[0]!.url.searchParams;
    expect([listed.get('page'), listed.get('pageSize')]).toEqual(['1', '10']);

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const form = screen.getByRole('dialog', { name: 'Create an API key' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Test' }));
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Shop back end ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(api.calls('POST /api/api-keys')[0]!.body).toEqual({ name: 'Shop back end', livemode: false });
    expect(
      within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Secret of Shop back end' }).value,
    ).toBe(SECRET);
    expect(
      within(shown).getByText('Copy this secret now and keep it safe. It will not be shown again.'),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy secret' })).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Shop back end')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const again = screen.getByRole('dialog', { name: 'Create an API key' });
    expect(within(again).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('asks for a name before creating a key', async () => {
    const api = mockAdminApi();
    renderRoutesAt('/profile', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = screen.getByRole('dialog', { name: 'Create an API key' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Required')).toBeTruthy();
    expect(api.calls('POST /api/api-keys')).toHaveLength(0);
  });

  it('revokes a key only after confirmation', async () => {
    const api = mockAdminApi();
    renderRoutesAt('/profile', routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Old back end' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(api.calls('DELETE /api/api-keys/key_old')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(api.calls('DELETE /api/api-keys/key_old')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed key list with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
      'GET /api/api-keys': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Sorry, something went wrong.' }, 500)
          : { list: [OLD_KEY], count: 1 },
    });
    renderRoutesAt('/profile', routes);
    expect(
      await screen.findByText(/The data could not be loaded\. Sorry, something went wrong\./),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Old back end')).toBeTruthy();
  });
});
