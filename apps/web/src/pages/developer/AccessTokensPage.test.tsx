import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessToken } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';

const PAGE = '/developer/access-tokens';
const DAY = 86_400;
const SECRET = 'kat_0123456789abcdefghijABCDEFGHIJ0123456789';
const APP_DID = 'did:pkh:eip155:1:0x1111111111111111111111111111111111112222';

const CI_TOKEN: AccessToken = {
  id: 'kat_id_ci',
  name: 'CI on main',
  prefix: 'kat_AbCdEf12',
  scope: 'all',
  permission: 'publish',
  status: 'active',
  created_at: 1_767_225_600,
  expires_at: 1_767_225_600 + 90 * DAY,
  last_used_at: null,
};
const READER: AccessToken = {
  id: 'kat_id_reader',
  name: 'Stats reader',
  prefix: 'kat_ZyXw9876',
  scope: APP_DID,
  permission: 'read',
  status: 'expired',
  created_at: 1_764_547_200,
  expires_at: 1_767_139_200,
  last_used_at: 1_767_000_000,
};

const developerApp = {
  did: APP_DID,
  object: 'app',
  name: 'weather',
  title: 'Weather',
  description: 'Forecasts',
  logo: null,
  screenshots: [],
  category: null,
  developer_did: 'did:pkh:eip155:1:0x5b38da6a701c568545dcfcb03fcb875f56beddc4',
  downloads: 0,
  version: null,
  published_at: null,
  created_at: 1_767_225_600,
  updated_at: 1_767_225_600,
  visibility: 'public',
  blocked: false,
  block_reason: null,
  auto_publish: false,
  review_type: null,
  latest_version: null,
  latest_status: null,
};

function api(initial: AccessToken[] = [CI_TOKEN, READER], overrides: Record<string, ApiHandler> = {}) {
  const tokens = [...initial];
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])),
    'GET /api/developer/access-tokens': () => ({ list: [...tokens], count: tokens.length }),
    'GET /api/developer/apps': () => ({ list: [developerApp], count: 1 }),
    'POST /api/developer/access-tokens': ({ body }) => {
      const { name, scope, permission, expires_in } = body as {
        name: string;
        scope: string;
        permission: 'publish' | 'read';
        expires_in: number;
      };
      const created: AccessToken = {
        id: 'kat_id_new',
        name,
        prefix: SECRET.slice(0, 12),
        scope,
        permission,
        status: 'active',
        created_at: 1_767_312_000,
        expires_at: 1_767_312_000 + expires_in,
        last_used_at: null,
      };
      tokens.push(created);
      return jsonResponse({ ...created, secret: SECRET }, 201);
    },
    [`DELETE /api/developer/access-tokens/${CI_TOKEN.id}`]: () => {
      tokens.splice(tokens.indexOf(CI_TOKEN), 1);
      return new Response(null, { status: 204 });
    },
    ...overrides,
  });
}

async function openNewTokenDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'New token' }));
  return screen.getByRole('dialog', { name: 'New access token' });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./AccessTokensPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccessTokensPage', { timeout: 20_000 }, () => {
  it('lists the tokens: name, prefix, scope, permission, status, dates and last use', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access tokens' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    const ci = (await within(table).findByText('CI on main')).closest('tr')!;
    expect(within(ci).getByText('kat_AbCdEf12…')).toBeTruthy();
    expect(within(ci).getByText('All apps')).toBeTruthy();
    expect(within(ci).getByText('Publish')).toBeTruthy();
    expect(within(ci).getByText('Active').closest('.MuiChip-colorSuccess')).toBeTruthy();
    expect(within(ci).getByText('Never')).toBeTruthy();
    expect(within(ci).getAllByText(/2026/)).toHaveLength(2);

    const reader = within(table).getByText('Stats reader').closest('tr')!;
    const scope = within(reader).getByText('did:pkh:eip155:1:0x1111…2222');
    expect(scope.getAttribute('title')).toBe(APP_DID);
    expect(within(reader).getByText('Read only')).toBeTruthy();
    expect(within(reader).getByText('Expired')).toBeTruthy();
    expect(within(reader).queryByText('Never')).toBeNull();

    const listed = calls.calls('GET /api/developer/access-tokens')[0]!.url.searchParams;
    expect([listed.get('page'), listed.get('pageSize')]).toEqual(['1', '10']);
    // The scope picker's apps are read only when the dialog opens.
    expect(calls.calls('GET /api/developer/apps')).toHaveLength(0);
  });

  it('shows a skeleton while the list loads', async () => {
    api([], { 'GET /api/developer/access-tokens': () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    const table = await screen.findByRole('table', { name: 'Access tokens' });
    expect(table.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty state', async () => {
    api([]);
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByText('No access tokens yet. Create one, or run kiosk login in your terminal.'),
    ).toBeTruthy();
  });

  it("shows a failed list with the server's text, and a retry that reads it again", async () => {
    let fail = true;
    const calls = api([CI_TOKEN], {
      'GET /api/developer/access-tokens': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [CI_TOKEN], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CI on main')).toBeTruthy();
    expect(calls.calls('GET /api/developer/access-tokens')).toHaveLength(2);
  });

  it("asks for a name with the seed's message and sends nothing without one", async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openNewTokenDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Access Token Name is required')).toBeTruthy();
    expect(calls.calls('POST /api/developer/access-tokens')).toHaveLength(0);
  });

  it('creates a token for all apps, publish, 90 days by default', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openNewTokenDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptop' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Your new access token' });
    expect(calls.calls('POST /api/developer/access-tokens')[0]!.body).toEqual({
      name: 'Laptop',
      scope: 'all',
      permission: 'publish',
      expires_in: 90 * DAY,
    });
  });

  it('creates a token for one app, read only, 30 days, and shows its secret once', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openNewTokenDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Stats board ' },
    });
    const scope = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Scope' });
    await within(scope).findByRole('option', { name: 'Weather (did:pkh:eip155:1:0x1111…2222)' });
    fireEvent.change(scope, { target: { value: APP_DID } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Read only' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Expires in' }), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new access token' });
    expect(calls.calls('POST /api/developer/access-tokens')[0]!.body).toEqual({
      name: 'Stats board',
      scope: APP_DID,
      permission: 'read',
      expires_in: 30 * DAY,
    });
    expect(within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Token Stats board' }).value).toBe(
      SECRET,
    );
    expect(
      within(shown).getByText('Copy this token now and keep it safe. It will not be shown again.'),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Stats board')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();

    // Opened again, the dialog is a fresh form: the secret is not shown a second time.
    const again = await openNewTokenDialog();
    expect(within(again).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("shows the server's refusal of a new token", async () => {
    api([], {
      'POST /api/developer/access-tokens': () =>
        jsonResponse({ code: 'FORBIDDEN', error: 'Only developers may create tokens' }, 403),
    });
    renderRoutesAt(PAGE, routes);
    const form = await openNewTokenDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Laptop' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Only developers may create tokens')).toBeTruthy();
  });

  it('deletes a token only once its name is typed, sending the name', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete CI on main' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this access token?' });
    const remove = within(confirm).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    const typed = within(confirm).getByRole('textbox', { name: 'Token name' });
    expect(remove.disabled).toBe(true);
    fireEvent.input(typed, { target: { value: 'CI on mai' } });
    expect(remove.disabled).toBe(true);
    fireEvent.input(typed, { target: { value: 'CI on main' } });
    expect(remove.disabled).toBe(false);

    fireEvent.click(remove);
    expect(await screen.findByText('Stats reader')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('CI on main')).toBeNull());
    const deletes = calls.calls(`DELETE /api/developer/access-tokens/${CI_TOKEN.id}`);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.body).toEqual({ name: 'CI on main' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the server's text when deleting is refused", async () => {
    api([CI_TOKEN], {
      [`DELETE /api/developer/access-tokens/${CI_TOKEN.id}`]: () =>
        jsonResponse({ code: 'ACCESS_TOKEN_NAME_MISMATCH', error: 'This is not the token’s name' }, 400),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete CI on main' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this access token?' });
    fireEvent.input(within(confirm).getByRole('textbox', { name: 'Token name' }), {
      target: { value: 'CI on main' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('This is not the token’s name')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '访问令牌' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '访问令牌' });
    expect(within(table).getByRole('columnheader', { name: '范围' })).toBeTruthy();
    expect(await within(table).findByText('所有应用')).toBeTruthy();
    expect(within(table).getByText('从未使用')).toBeTruthy();
    expect(within(table).getByText('已过期')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建令牌' }));
    const form = screen.getByRole('dialog', { name: '新建访问令牌' });
    fireEvent.click(within(form).getByRole('button', { name: '创建令牌' }));
    expect(await within(form).findByText('访问令牌名称为必填项')).toBeTruthy();
  });
});
