import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(await testEngines())('the test wallet route on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { env: { KIOSK_TEST_WALLET: 'true' } });
  });
  afterAll(() => server?.close());

  async function openLogin() {
    const page = cookieClient(server.url);
    const opened = (await page.request('/api/did/login/token', { method: 'POST', body: {} })).body;
    return { page, token: opened.token as string, secret: opened.secret as string };
  }

  it('approves a sign-in as the first test account, and the page is signed in', async () => {
    const { page, token, secret } = await openLogin();
    expect((await page.request('/api/session')).body.test_wallet).toBe(true);
    const approved = await page.request('/api/test-wallet/connect', { method: 'POST', body: { token } });
    expect(approved.status).toBe(200);
    expect(approved.body.address).toBe(new TestWallet({ index: 0 }).address);
    await page.request(`/api/did/login/status?_t_=${token}&secret=${secret}`);
    expect((await page.request('/api/session')).body.user.address).toBe(approved.body.address.toLowerCase());
  });

  it('answers an unknown session and an expired one with the connect error', async () => {
    const unknown = await cookieClient(server.url).request('/api/test-wallet/connect', {
      method: 'POST',
      body: { token: 'nope' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CONNECT_SESSION_INVALID');

    const { page, token, secret } = await openLogin();
    // The row is the point: a session whose time ran out before the wallet answered.
    await server.app.kiosk.database.db
      .updateTable('connect_sessions' as never)
      .set({ expires_at: 0 } as never)
      .where('token' as never, '=', token as never)
      .execute();
    const expired = await page.request('/api/test-wallet/connect', { method: 'POST', body: { token } });
    expect(expired.status).toBe(404);
    expect(expired.body.code).toBe('CONNECT_SESSION_INVALID');
    expect((await page.request(`/api/did/login/status?_t_=${token}&secret=${secret}`)).body.status).toBe(
      'expired',
    );
  });
});

describe('without KIOSK_TEST_WALLET', () => {
  it('has no test wallet route, and the session says so', async () => {
    const server = await startTestServer('sqlite');
    try {
      const response = await cookieClient(server.url).request('/api/test-wallet/connect', {
        method: 'POST',
        body: { token: 'x' },
      });
      expect(response.status).toBe(404);
      expect((await cookieClient(server.url).request('/api/session')).body.test_wallet).toBe(false);
    } finally {
      await server.close();
    }
  });
});
