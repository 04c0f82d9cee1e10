import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DID_PATTERN } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { USER_DID_PATTERN, type ConsoleUser } from './use-developers.ts';

const PAGE = '/console/apps';
const GRANTED = 1_767_225_600;
const GRACE_DID = 'did:pkh:eip155:1:0x1234567890abcdef1234567890abcdef12345678';
const ANON_DID = 'did:pkh:eip155:1:0xabcdefabcdefabcdefabcdefabcdefabcdef9999';
const NEW_DID = 'did:pkh:eip155:1:0x77777777777777777777777777777777abcdef11';
const UNKNOWN_DID = 'did:pkh:eip155:1:0x0000000000000000000000000000000000000404';

function user(did: string, name: string | null, passportId: string): ConsoleUser {
  return {
    did,
    address: did.slice(did.lastIndexOf(':') + 1),
    name,
    avatar: null,
    passports: [
      { id: `${passportId}_member`, role: 'member', issued_at: GRANTED - 100 },
      { id: passportId, role: 'developer', issued_at: GRANTED },
    ],
  };
}

const GRACE = user(GRACE_DID, 'Grace Hopper', 'pp_grace');
const ANON = user(ANON_DID, null, 'pp_anon');

function api(initial: ConsoleUser[] = [GRACE, ANON], overrides: Record<string, ApiHandler> = {}) {
  let developers = [...initial];
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
    'GET /api/console/reviews': () => ({ list: [], count: 0 }),
    'GET /api/console/store-settings': () => ({
      object: 'store_settings',
      review_type: 'every',
      updated_at: null,
    }),
    'GET /api/users': () => ({ list: [...developers], count: developers.length }),
    'POST /api/passports': ({ body }) => {
      const { did } = body as { did: string };
      if (did === UNKNOWN_DID)
        return jsonResponse({ code: 'USER_NOT_FOUND', error: `No user with the DID ${did}` }, 404);
      const added = user(did, null, 'pp_new');
      developers = [added, ...developers];
      return jsonResponse(added.passports[1], 201);
    },
    'DELETE /api/passports/pp_grace': () => {
      developers = developers.filter((developer) => developer.did !== GRACE_DID);
      return new Response(null, { status: 204 });
    },
    ...overrides,
  });
}

async function developersTable() {
  return screen.findByRole('table', { name: 'Developers' });
}

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add developer' }));
  return screen.getByRole('dialog', { name: 'Add a developer' });
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

describe('DevelopersSection', { timeout: 20_000 }, () => {
  it("checks a DID by the contract's own pattern", () => {
    expect(USER_DID_PATTERN.source).toBe(DID_PATTERN.source);
    expect(USER_DID_PATTERN.flags).toBe(DID_PATTERN.flags);
  });

  it('lists the developers: name or DID, the DID in full for screen readers, and since when', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 2, name: 'Developers' })).toBeTruthy();
    const table = await developersTable();
    const grace = (await within(table).findByText('Grace Hopper')).closest('tr')!;
    const graceDid = within(grace).getByText(GRACE_DID);
    expect(graceDid.closest('[title]')?.getAttribute('title')).toBe(GRACE_DID);
    expect(within(grace).getByText('did:pkh:eip155:1:0x12345678…12345678').getAttribute('aria-hidden')).toBe(
      'true',
    );
    expect(within(grace).getByText(/2026/)).toBeTruthy();
    // Without a name the short DID stands for the person, in the row and in its button.
    const anon = within(table).getByText(ANON_DID).closest('tr')!;
    expect(
      within(anon).getByRole('button', {
        name: 'Revoke did:pkh:eip155:1:0xabcdefab…cdef9999 as a developer',
      }),
    ).toBeTruthy();

    const listed = calls.calls('GET /api/users')[0]!.url.searchParams;
    expect([listed.get('role'), listed.get('page'), listed.get('pageSize')]).toEqual([
      'developer',
      '1',
      '10',
    ]);
  });

  it('shows a skeleton while the list loads', async () => {
    api([], { 'GET /api/users': () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    expect((await developersTable()).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty list', async () => {
    api([]);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No developers yet. Add the first one.')).toBeTruthy();
  });

  it("shows a failed list with the server's text, and a retry that reads it again", async () => {
    let fail = true;
    const calls = api([GRACE], {
      'GET /api/users': () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [GRACE], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(calls.calls('GET /api/users')).toHaveLength(2);
  });

  it('checks the DID only once the field is left or the form sent, and sends nothing wrong', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Enter the DID of the person to add')).toBeTruthy();

    fireEvent.input(within(form).getByRole('textbox', { name: 'DID' }), { target: { value: '0x1234' } });
    expect(await within(form).findByText('Must be a DID like did:pkh:eip155:1:0x…')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(calls.calls('POST /api/passports')).toHaveLength(0);
  });

  it('says nothing while the DID is first typed, until the field is left', async () => {
    api();
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    const field = within(form).getByRole('textbox', { name: 'DID' });
    fireEvent.input(field, { target: { value: 'did:pkh' } });
    expect(
      within(form).getByText('The DID of someone who has signed in here: did:pkh:eip155:1:0x…'),
    ).toBeTruthy();
    expect(within(form).queryByText('Must be a DID like did:pkh:eip155:1:0x…')).toBeNull();
    fireEvent.blur(field);
    expect(await within(form).findByText('Must be a DID like did:pkh:eip155:1:0x…')).toBeTruthy();
  });

  it('adds a developer by DID, sending it lower-case, and reads the list again', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    await within(await developersTable()).findByText('Grace Hopper');
    const form = await openAddDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'DID' }), {
      target: { value: ` ${NEW_DID.toUpperCase().replace('DID:PKH:EIP155', 'did:pkh:eip155')} ` },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(await developersTable()).findByText(NEW_DID)).toBeTruthy();
    expect(calls.calls('POST /api/passports').map((call) => call.body)).toEqual([
      { did: NEW_DID, role: 'developer' },
    ]);
    expect(calls.calls('GET /api/users')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the person has to sign in first when the server knows no one with the DID', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'DID' }), { target: { value: UNKNOWN_DID } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText(
        'Nobody with this DID has signed in yet. They need to sign in to the store once before they can become a developer.',
      ),
    ).toBeTruthy();
    expect(calls.calls('POST /api/passports')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add a developer' })).toBeTruthy();
  });

  it('asks before revoking, naming the person, and sends nothing until confirmed', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const table = await developersTable();
    await within(table).findByText('Grace Hopper');
    const revoke = () =>
      fireEvent.click(within(table).getByRole('button', { name: 'Revoke Grace Hopper as a developer' }));

    revoke();
    let confirm = screen.getByRole('dialog', { name: 'Revoke Grace Hopper as a developer?' });
    expect(within(confirm).getByText(GRACE_DID)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('DELETE /api/passports/pp_grace')).toHaveLength(0);

    revoke();
    confirm = screen.getByRole('dialog', { name: 'Revoke Grace Hopper as a developer?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(within(table).queryByText('Grace Hopper')).toBeNull());
    expect(calls.calls('DELETE /api/passports/pp_grace')).toHaveLength(1);
    expect(within(table).getByText(ANON_DID)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the server's refusal of a revoke", async () => {
    api([GRACE], {
      'DELETE /api/passports/pp_grace': () =>
        jsonResponse({ code: 'FORBIDDEN', error: 'You may not do this' }, 403),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Grace Hopper as a developer' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke Grace Hopper as a developer?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(confirm).findByText('You may not do this')).toBeTruthy();
  });

  it('speaks Chinese, the refusal of an unknown DID too', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 2, name: '开发者' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '开发者' });
    expect(within(table).getByRole('columnheader', { name: '成为开发者' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加开发者' }));
    const form = screen.getByRole('dialog', { name: '添加开发者' });
    fireEvent.input(within(form).getByRole('textbox', { name: 'DID' }), { target: { value: UNKNOWN_DID } });
    fireEvent.click(within(form).getByRole('button', { name: '添加' }));
    expect(
      await within(form).findByText('还没有使用此 DID 登录的用户。对方需先登录商店一次，才能成为开发者。'),
    ).toBeTruthy();
  });
});
