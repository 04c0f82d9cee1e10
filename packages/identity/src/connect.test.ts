import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { canonicalJson } from './connect/routes.ts';
import { findConnectSession } from './index.ts';

describe.each(await testEngines())('connect sessions on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  async function open() {
    const page = cookieClient(server.url);
    const created = await page.request('/api/did/login/token', { method: 'POST', body: {} });
    expect(created.status).toBe(200);
    return {
      page,
      ...(created.body as { token: string; secret: string; auth_url: string; deep_link: string }),
    };
  }

  it('signs a page in when a wallet on another device approves, and only that page', async () => {
    const { page, token, secret, auth_url, deep_link } = await open();
    expect(deep_link).toBe(`kiosk://connect?url=${encodeURIComponent(auth_url)}`);
    const status = () => page.request(`/api/did/login/status?_t_=${token}&secret=${secret}`);
    expect((await status()).body.status).toBe('created');

    const wallet = TestWallet.random();
    const request = await wallet.fetchConnectRequest(auth_url);
    expect((await status()).body.status).toBe('scanned');

    // The wallet can tell the request comes from this app.
    const { app_signature, ...signedPart } = request;
    const app = (await page.request('/api/did/app')).body;
    expect(request.app.did).toBe(app.did);
    const appAddress = app.did.split(':').pop() as `0x${string}`;
    expect(
      await verifyMessage({
        address: appAddress,
        message: canonicalJson(signedPart),
        signature: app_signature,
      }),
    ).toBe(true);

    const signed = await wallet.signSiwe(request.siwe);
    const answer = await fetch(auth_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed),
    });
    expect(answer.status).toBe(200);

    // Someone who photographed the QR code knows the token but not the secret.
    const thief = cookieClient(server.url);
    const stolen = await thief.request(`/api/did/login/status?_t_=${token}&secret=guess`);
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('CONNECT_SESSION_INVALID');
    expect((await thief.request('/api/session')).body.user).toBeNull();

    const done = await status();
    expect(done.body).toMatchObject({
      status: 'succeeded',
      did: `did:pkh:eip155:1:${wallet.address.toLowerCase()}`,
    });
    expect((await page.request('/api/session')).body.user.did).toBe(done.body.did);

    // Redeemed once: a second tab with the secret gets the status but no second session.
    const second = cookieClient(server.url);
    const again = await second.request(`/api/did/login/status?_t_=${token}&secret=${secret}`);
    expect(again.body.status).toBe('succeeded');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('fails the session when the wallet signs over another nonce, and refuses a second answer', async () => {
    const { page, token, secret, auth_url } = await open();
    const wallet = TestWallet.random();
    const request = await wallet.fetchConnectRequest(auth_url);
    const wrong = await wallet.signSiwe({ ...request.siwe, nonce: 'someOtherNonce1234' });
    const answer = await fetch(auth_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(wrong),
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: string }).code).toBe('SIWE_NONCE_INVALID');
    const status = await page.request(`/api/did/login/status?_t_=${token}&secret=${secret}`);
    expect(status.body).toMatchObject({ status: 'failed', error: 'SIWE_NONCE_INVALID' });
    expect((await page.request('/api/session')).body.user).toBeNull();

    await expect(wallet.approveConnect(auth_url)).rejects.toThrow(/CONNECT_SESSION_INVALID/);
  });

  it('pushes each status change to a subscribed websocket', async () => {
    const { token, secret, auth_url } = await open();
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));

    socket.send(JSON.stringify({ type: 'subscribe', topic: `connect:${token}`, secret: 'wrong' }));
    socket.send(JSON.stringify({ type: 'subscribe', topic: `connect:${token}`, secret }));
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[0]).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect(messages[1]).toMatchObject({ type: 'subscribed' });

    await TestWallet.random().approveConnect(auth_url);
    await expect
      .poll(() => messages.map((m) => m.data?.status).filter(Boolean))
      .toEqual(['scanned', 'succeeded']);
    expect(messages.at(-1)).toMatchObject({ type: 'connect.status', topic: `connect:${token}` });
    socket.close();
  });

  it('tells the rest of the server what a session asks and where it stands, an expired one as expired', async () => {
    const { token } = await open();
    expect(await findConnectSession(server.app.kiosk.platform, token)).toEqual({
      action: 'login',
      params: {},
      status: 'created',
    });
    // The row is the point: a session whose time ran out while nobody asked for it.
    await server.app.kiosk.database.db
      .updateTable('connect_sessions' as never)
      .set({ expires_at: 0 } as never)
      .where('token' as never, '=', token as never)
      .execute();
    expect((await findConnectSession(server.app.kiosk.platform, token))?.status).toBe('expired');
    expect(await findConnectSession(server.app.kiosk.platform, 'nope')).toBeUndefined();
  });

  it('answers an action nobody registered with a coded 404 on every path', async () => {
    const client = cookieClient(server.url);
    for (const [method, path] of [
      ['POST', '/api/did/teleport/token'],
      ['GET', '/api/did/teleport/status?_t_=x&secret=y'],
      ['GET', '/api/did/teleport/auth?_t_=x'],
    ] as const) {
      const response = await client.request(path, { method, body: method === 'POST' ? {} : undefined });
      expect(response.status, path).toBe(404);
      expect(response.body, path).toMatchObject({
        code: 'CONNECT_ACTION_UNKNOWN',
        error: 'There is no connect action named teleport',
      });
    }
  });

  it('answers an unknown session with the seed message', async () => {
    const response = await cookieClient(server.url).request('/api/did/login/auth?_t_=nope');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('Session does not exist or has expired');
  });
});
