import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinRequest } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../test-support/sessions.ts';

const PAGE = '/join';
const MINE = 'GET /api/developer/join-requests/mine';
const SUBMIT = 'POST /api/developer/join-requests';
const WITHDRAW = 'DELETE /api/developer/join-requests/mine';
const ASKED = 1_767_225_600;
const TERMS_REQUIRED = 'You must accept the developer terms to join';
const member = userWithRoles(['member']);

function joinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: 'djr_0Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op',
    object: 'join_request',
    did: member.did,
    name: member.name,
    message: null,
    status: 'pending',
    terms_accepted_at: ASKED,
    decided_by: null,
    decided_at: null,
    created_at: ASKED,
    updated_at: ASKED,
    ...overrides,
  };
}

/** A server that keeps the user's latest request, as the real one does. */
function api(initial: JoinRequest | null = null, overrides: Record<string, ApiHandler> = {}) {
  let mine = initial;
  return mockApi({
    'GET /api/session': () => signedIn(member),
    [MINE]: () => mine,
    [SUBMIT]: ({ body }) => {
      const { message } = body as { message?: string };
      mine = joinRequest({ message: message ?? null });
      return jsonResponse(mine, 201);
    },
    [WITHDRAW]: () => {
      mine = joinRequest({ ...mine, status: 'withdrawn', decided_by: member.did, decided_at: ASKED + 60 });
      return mine;
    },
    ...overrides,
  });
}

const agree = () =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: /^I agree to the developer terms/ });
const submitButton = () => screen.getByRole('button', { name: 'Ask to join' });

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./JoinPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinPage', { timeout: 20_000 }, () => {
  it('shows the terms and asks only once they are ticked, saying so under the box after the user acts', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join as a developer' })).toBeTruthy();
    const terms = await screen.findByRole('region', { name: 'Developer terms' });
    expect(within(terms).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(within(terms).getByText(/^You hold the rights to what you publish/)).toBeTruthy();
    expect(within(terms).getByText(/^Admins may block an app that breaks these terms/)).toBeTruthy();
    // Nothing is wrong before the user acts: the button is there to press, no error is shown.
    expect(screen.queryByText(TERMS_REQUIRED)).toBeNull();
    expect(agree().getAttribute('aria-invalid')).toBe('false');
    expect(submitButton().hasAttribute('disabled')).toBe(false);

    fireEvent.click(submitButton());
    const error = await screen.findByText(TERMS_REQUIRED);
    expect(agree().getAttribute('aria-invalid')).toBe('true');
    expect(agree().getAttribute('aria-describedby')).toBe(error.id);
    expect(calls.calls(SUBMIT)).toHaveLength(0);

    fireEvent.click(agree());
    await vi.waitFor(() => expect(screen.queryByText(TERMS_REQUIRED)).toBeNull());
    fireEvent.input(screen.getByRole('textbox', { name: 'Message to the admins (optional)' }), {
      target: { value: '  I build weather apps ' },
    });
    fireEvent.click(submitButton());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your request is waiting for an admin' }),
    ).toBeTruthy();
    expect(calls.calls(SUBMIT).map((call) => call.body)).toEqual([
      { terms_accepted: true, message: 'I build weather apps' },
    ]);
    expect(screen.getByText(/^Sent on .*2026/)).toBeTruthy();
    expect(screen.getByText('I build weather apps')).toBeTruthy();
  });

  it('sends no message when none is written', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^I agree to the developer terms/ }));
    fireEvent.click(submitButton());
    await screen.findByText('Your request is waiting for an admin');
    expect(calls.calls(SUBMIT).map((call) => call.body)).toEqual([{ terms_accepted: true }]);
  });

  it('shows a pending request with its date, and withdraws it', async () => {
    const calls = api(joinRequest({ message: 'Please' }));
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Your request is waiting for an admin')).toBeTruthy();
    expect(screen.getByText(/^Sent on .*2026/)).toBeTruthy();
    expect(screen.getByText('Please')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('You withdrew your last request. You may ask again.')).toBeTruthy();
    expect(calls.calls(WITHDRAW)).toHaveLength(1);
    expect(agree().checked).toBe(false);
  });

  it('offers the form again after a declined request, saying so', async () => {
    api(joinRequest({ status: 'declined', decided_by: 'did:pkh:eip155:1:0xadmin', decided_at: ASKED }));
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('An admin declined your last request. You may ask again.')).toBeTruthy();
    expect(agree()).toBeTruthy();
  });

  it('sends an approved user on to their apps and tokens, and reads the session again', async () => {
    const calls = api(joinRequest({ status: 'approved', decided_at: ASKED + 60 }));
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Your request was approved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your apps' }).getAttribute('href')).toBe('/developer/apps');
    expect(screen.getByRole('link', { name: 'Access tokens' }).getAttribute('href')).toBe(
      '/developer/access-tokens',
    );
    await vi.waitFor(() => expect(calls.calls('GET /api/session').length).toBeGreaterThan(1));
  });

  it('tells a developer they are one, with the links, and asks nothing', async () => {
    const calls = api(null, { 'GET /api/session': () => signedIn(userWithRoles(['developer', 'member'])) });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('You are a developer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your apps' }).getAttribute('href')).toBe('/developer/apps');
    expect(screen.getByRole('link', { name: 'Access tokens' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(calls.calls(MINE)).toHaveLength(0);
  });

  it('asks a visitor who is not signed in to sign in, and reads nothing before', async () => {
    const calls = api(null, { 'GET /api/session': () => signedOut() });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/^Sign in with the account you will publish as/)).toBeTruthy();
    // The page's own button, beside the header's.
    const page = screen.getByRole('region', { name: 'Join as a developer' });
    expect(within(page).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(calls.calls(MINE)).toHaveLength(0);
  });

  it("shows the server's refusal of a request", async () => {
    api(null, {
      [SUBMIT]: () => jsonResponse({ code: 'ALREADY_DEVELOPER', error: 'You are a developer already' }, 409),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^I agree to the developer terms/ }));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Your request was not sent. You are a developer already')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const calls = api(null, {
      [MINE]: () => (fail ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500) : null),
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Your request could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /^I agree to the developer terms/ })).toBeTruthy();
    expect(calls.calls(MINE).length).toBeGreaterThanOrEqual(2);
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '成为开发者' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '开发者条款' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '申请加入' }));
    expect(await screen.findByText('必须同意开发者条款才能加入')).toBeTruthy();
  });
});
