import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(await testEngines())('Sign-In with Ethereum on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const sessionCount = async () =>
    Number(
      (
        await server.app.kiosk.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function freshMessage(wallet: TestWallet, overrides: Parameters<TestWallet['signSiwe']>[1] = {}) {
    const { nonce } = (await cookieClient(server.url).request('/api/auth/nonce')).body;
    const site = new URL(server.url);
    const now = new Date();
    return wallet.signSiwe(
      {
        domain: site.host,
        uri: site.origin,
        nonce,
        version: '1',
        statement: 'Sign in to Kiosk',
        issuedAt: now.toISOString(),
        expirationTime: new Date(now.getTime() + 60_000).toISOString(),
      },
      overrides,
    );
  }

  /** Posts a signed message; answers the refusal and proves no session came of it. */
  async function refused(body: { message: string; signature: string }) {
    const before = await sessionCount();
    const client = cookieClient(server.url);
    const response = await client.request('/api/auth/siwe', { method: 'POST', body });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await sessionCount()).toBe(before);
    expect((await client.request('/api/session')).body.user).toBeNull();
    return response;
  }

  it('signs in, shows the user in the session, and signs out', async () => {
    const wallet = TestWallet.random();
    const client = cookieClient(server.url);
    const signed = await freshMessage(wallet);
    const response = await client.request('/api/auth/siwe', { method: 'POST', body: signed });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/kiosk_session=[^;]+;.*HttpOnly.*SameSite=Lax/i);
    const did = `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
    const session = (await client.request('/api/session')).body;
    expect(session).toMatchObject({
      initialized: true,
      user: { did, address: wallet.address.toLowerCase() },
    });
    expect(session.user.passports.map((p: { role: string }) => p.role)).toContain('member');

    expect((await client.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    expect((await client.request('/api/session')).body.user).toBeNull();
  });

  it('refuses a replayed nonce', async () => {
    const wallet = TestWallet.random();
    const signed = await freshMessage(wallet);
    expect(
      (await cookieClient(server.url).request('/api/auth/siwe', { method: 'POST', body: signed })).status,
    ).toBe(200);
    const replay = await refused(signed);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a nonce the server never issued', async () => {
    const signed = await freshMessage(TestWallet.random(), { nonce: 'madeUpNonce12345' });
    expect((await refused(signed)).body.code).toBe('SIWE_NONCE_INVALID');
  });

  it('refuses a message made for another domain', async () => {
    const signed = await freshMessage(TestWallet.random(), {
      domain: 'evil.example',
      uri: 'https://evil.example',
    });
    const response = await refused(signed);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'SIWE_DOMAIN_MISMATCH',
      error: expect.stringContaining('evil.example'),
    });
  });

  it('refuses a message whose uri points elsewhere', async () => {
    const signed = await freshMessage(TestWallet.random(), { uri: 'https://evil.example/login' });
    expect((await refused(signed)).body.code).toBe('SIWE_DOMAIN_MISMATCH');
  });

  it('refuses an expired message and one not yet valid', async () => {
    const past = await freshMessage(TestWallet.random(), {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: new Date(Date.now() - 60_000),
    });
    expect((await refused(past)).body.code).toBe('SIWE_EXPIRED');
    const future = await freshMessage(TestWallet.random(), { notBefore: new Date(Date.now() + 60_000) });
    expect((await refused(future)).body.code).toBe('SIWE_EXPIRED');
  });

  it('refuses a message issued in the future or living longer than an hour', async () => {
    const DAY = 24 * 3_600_000;
    const ahead = await freshMessage(TestWallet.random(), {
      issuedAt: new Date(Date.now() + DAY),
      expirationTime: new Date(Date.now() + DAY + 60_000),
    });
    expect((await refused(ahead)).body.code).toBe('SIWE_EXPIRED');
    const yearLong = await freshMessage(TestWallet.random(), {
      expirationTime: new Date(Date.now() + 365 * DAY),
    });
    expect((await refused(yearLong)).body.code).toBe('SIWE_EXPIRED');
  });

  it('refuses a forged signature and a signature by another key', async () => {
    const wallet = TestWallet.random();
    const signed = await freshMessage(wallet);
    const forged = `${signed.signature.slice(0, -6)}${signed.signature.slice(-6) === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa'}`;
    expect((await refused({ ...signed, signature: forged })).body.code).toBe('SIWE_BAD_SIGNATURE');

    const other = TestWallet.random();
    const theirs = await other.account.signMessage({ message: signed.message });
    expect((await refused({ ...signed, signature: theirs })).body.code).toBe('SIWE_BAD_SIGNATURE');
  });

  it('refuses text that is not a SIWE message, in the caller language', async () => {
    const response = await refused({ message: 'hello', signature: '0x1234' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('SIWE_INVALID_MESSAGE');
    const zh = await cookieClient(server.url).request('/api/auth/siwe?locale=zh', {
      method: 'POST',
      body: { message: 'hello', signature: '0x1234' },
    });
    expect(zh.body.error).toBe('这不是有效的以太坊登录（SIWE）消息');
  });

  it('treats a forged or expired session cookie as signed out', async () => {
    const client = cookieClient(server.url, 'kiosk_session=not-a-real-session');
    expect((await client.request('/api/session')).body.user).toBeNull();
    expect((await client.request('/api/whoami')).status).toBe(401);
    // Logging out needs no session: a retry after a lost answer finds none, and that is fine.
    expect((await client.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
  });
});
