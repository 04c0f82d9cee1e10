import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../test-support/sessions.ts';
import { connectionPageFixtures } from '../../test-support/connection-page-fixtures.ts';

const ID = 'clic_7Hq2';
// The address `POST /api/connect-cli` answers as `approve_url` (docs/identity.md §4).
const PAGE = `/connect-cli?id=${ID}`;
const { connection, api } = connectionPageFixtures({
  id: ID,
  client: 'cli',
  source: 'kiosk CLI on ada-laptop',
  status: 'pending',
  expires_at: 1_767_226_200,
});

describe('ConnectCliPage', { timeout: 20_000 }, () => {
  it('shows who asks and until when, and approving sends the POST and sends the developer back to the terminal', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect the CLI' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'kiosk CLI on ada-laptop asks to publish apps as you',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^This request expires at .*2026/)).toBeTruthy();
    expect(calls.calls(`POST /api/connect-cli/${ID}/approve`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved. Return to your terminal.')).toBeTruthy();
    expect(calls.calls(`POST /api/connect-cli/${ID}/approve`)).toHaveLength(1);
    expect(calls.calls(`POST /api/connect-cli/${ID}/deny`)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('denies: sends the POST and says so', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Denied.')).toBeTruthy();
    expect(calls.calls(`POST /api/connect-cli/${ID}/deny`)).toHaveLength(1);
    expect(calls.calls(`POST /api/connect-cli/${ID}/approve`)).toHaveLength(0);
  });

  it.each([
    ['expired', 'This request has expired.'],
    ['redeemed', 'This request has already been used.'],
    ['approved', 'Approved. Return to your terminal.'],
    ['denied', 'Denied.'],
  ] as const)('a connection %s already says so, with nothing to answer', async (status, text) => {
    api({ [`GET /api/connect-cli/${ID}`]: () => connection({ status }) });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deny' })).toBeNull();
  });

  it('says an unknown connection does not exist', async () => {
    api({
      [`GET /api/connect-cli/${ID}`]: () =>
        jsonResponse({ code: 'CLI_CONNECTION_NOT_FOUND', error: 'CLI connection not found' }, 404),
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('This request does not exist.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks a visitor who is not signed in to sign in, and reads nothing before', async () => {
    const calls = api({ 'GET /api/session': () => signedOut() });
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByText(/^Sign in with the account the command-line tool should publish as/),
    ).toBeTruthy();
    // The page's own button, beside the header's.
    const page = screen.getByRole('region', { name: 'Connect the CLI' });
    expect(within(page).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(calls.calls(`GET /api/connect-cli/${ID}`)).toHaveLength(0);
  });

  it('lets a signed-in user who is no developer deny, not approve', async () => {
    api({ 'GET /api/session': () => signedIn(userWithRoles(['member'])) });
    renderRoutesAt(PAGE, routes);
    const approve = await screen.findByRole<HTMLButtonElement>('button', { name: 'Approve' });
    expect(approve.disabled).toBe(true);
    expect(screen.getByText(/^Only developers can approve/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Deny' }).disabled).toBe(false);
  });

  it("shows the server's refusal of an answer", async () => {
    api({
      [`POST /api/connect-cli/${ID}/approve`]: () =>
        jsonResponse({ code: 'FORBIDDEN', error: 'You may not do this' }, 403),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Your answer was not saved. You may not do this')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '连接命令行工具' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'kiosk CLI on ada-laptop 请求以您的身份发布应用',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批准' }));
    expect(await screen.findByText('已批准，请回到终端。')).toBeTruthy();
  });
});
