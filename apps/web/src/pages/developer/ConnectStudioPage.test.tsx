import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedOut } from '../../test-support/sessions.ts';
import { connectionPageFixtures } from '../../test-support/connection-page-fixtures.ts';

const ID = 'clic_9Vs4';
// The address `POST /api/connect-cli { client: 'studio' }` answers as `approve_url` (docs/identity.md §4).
const PAGE = `/connect-studio?id=${ID}`;
const { connection, api } = connectionPageFixtures({
  id: ID,
  client: 'studio',
  source: 'VS Code on ada-laptop',
  status: 'pending',
  expires_at: 1_767_226_200,
});

describe('ConnectCliPage for an editor (/connect-studio)', { timeout: 20_000 }, () => {
  it('says an editor asks for a token, and approving sends the POST and sends the developer back to the editor', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect the studio' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Your editor VS Code on ada-laptop asks for a token to publish your apps',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Let the Kiosk Studio in your editor act for your account.')).toBeTruthy();
    expect(screen.getByText(/^This request expires at .*2026/)).toBeTruthy();
    expect(document.title).toContain('Connect the studio');

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved. Return to your editor.')).toBeTruthy();
    expect(calls.calls(`POST /api/connect-cli/${ID}/approve`)).toHaveLength(1);
    expect(calls.calls(`POST /api/connect-cli/${ID}/deny`)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it.each([
    ['expired', 'Connect again from your editor for a new one.'],
    ['redeemed', 'The editor has its access token. Connect again from the editor to connect once more.'],
    ['denied', 'The editor was not given access.'],
  ] as const)('a connection %s says so in the words of the editor', async (status, hint) => {
    api({ [`GET /api/connect-cli/${ID}`]: () => connection({ status }) });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(hint)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says an unknown connection does not exist', async () => {
    api({
      [`GET /api/connect-cli/${ID}`]: () =>
        jsonResponse({ code: 'CLI_CONNECTION_NOT_FOUND', error: 'CLI connection not found' }, 404),
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('This request does not exist.')).toBeTruthy();
    expect(screen.getByText('Check the address your editor opened, or connect again from it.')).toBeTruthy();
  });

  it('asks a visitor who is not signed in to sign in for the editor', async () => {
    const calls = api({ 'GET /api/session': () => signedOut() });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/^Sign in with the account your editor should publish as/)).toBeTruthy();
    const page = screen.getByRole('region', { name: 'Connect the studio' });
    expect(within(page).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(calls.calls(`GET /api/connect-cli/${ID}`)).toHaveLength(0);
  });

  it('shows an editor’s connection opened at /connect-cli as the editor’s, and approves it', async () => {
    const calls = api();
    renderRoutesAt(`/connect-cli?id=${ID}`, routes);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Your editor VS Code on ada-laptop asks for a token to publish your apps',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect the studio' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved. Return to your editor.')).toBeTruthy();
    expect(calls.calls(`POST /api/connect-cli/${ID}/approve`)).toHaveLength(1);
  });

  it('shows a CLI connection opened at /connect-studio as the CLI’s', async () => {
    api({
      [`GET /api/connect-cli/${ID}`]: () => connection({ client: 'cli', source: 'Kiosk CLI on build-box' }),
    });
    renderRoutesAt(PAGE, routes);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Kiosk CLI on build-box asks to publish apps as you',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect the CLI' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '连接 Studio' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: '您的编辑器 VS Code on ada-laptop 请求一个发布您应用的令牌',
      }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '批准' }));
    expect(await screen.findByText('已批准，请回到编辑器。')).toBeTruthy();
  });
});
