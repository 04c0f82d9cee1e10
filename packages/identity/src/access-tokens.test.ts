import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { cookieClient, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './crypto.ts';

/**
 * Developer access tokens (issue 12 item 3, seed 001 §5): API keys of another kind, with a name, a
 * scope, a permission and an expiry, shown once and stored hashed; the CLI sends them as a bearer.
 */

type Client = Awaited<ReturnType<typeof signedIn>>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const DAY = 24 * 60 * 60;

describe.each(await testEngines())('developer access tokens on %s', (engine) => {
  let server: TestServer;
  let clock: TestClock;
  let owner: Client;

  /** A signed-in user holding the developer passport, granted by the owner through the API. */
  async function newDeveloper(): Promise<{ client: Client; did: string; wallet: TestWallet }> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status).toBe(201);
    return { client: await signedIn(server, wallet), did: didOf(wallet), wallet };
  }

  const bearer = (secret: string) => {
    const client = cookieClient(server.url);
    return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      client.request(path, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers } });
  };

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = await signedIn(server, TestWallet.random());
  });
  afterAll(() => server?.close());

  it('requires a name, in the words of the seed and in Chinese', async () => {
    const { client } = await newDeveloper();
    for (const body of [{}, { name: '   ' }]) {
      const en = await client.request('/api/developer/access-tokens', { method: 'POST', body });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe('VALIDATION_FAILED');
      expect(en.body.details).toEqual([{ path: 'body.name', message: 'Access Token Name is required' }]);
    }
    const zh = await client.request('/api/developer/access-tokens', {
      method: 'POST',
      body: { name: '' },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.details).toEqual([{ path: 'body.name', message: '访问令牌名称为必填项' }]);
    const badScope = await client.request('/api/developer/access-tokens', {
      method: 'POST',
      body: { name: 'ci', scope: 'my-app' },
    });
    expect(badScope.status).toBe(400);
    expect(badScope.body.details[0].path).toBe('body.scope');
  });

  it('shows the secret once, keeps only its hash, and lists the token with its scope and 90-day expiry', async () => {
    const { client, did } = await newDeveloper();
    const created = await client.request('/api/developer/access-tokens', {
      method: 'POST',
      body: { name: ' laptop ' },
    });
    expect(created.status).toBe(201);
    const { secret, ...token } = created.body;
    expect(secret).toMatch(/^kat_[0-9A-Za-z]{40}$/);
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_/),
      name: 'laptop',
      prefix: secret.slice(0, 12),
      scope: 'all',
      permission: 'publish',
      status: 'active',
      created_at: clock.nowUnix(),
      expires_at: clock.nowUnix() + 90 * DAY,
      last_used_at: null,
    });

    const listed = await client.request('/api/developer/access-tokens');
    expect(listed.body).toEqual({ list: [token], count: 1 });
    const stored = await server.app.kiosk.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', token.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored[0]).toMatchObject({ kind: 'access_token', secret_hash: sha256(secret), created_by: did });

    // Access tokens are not merchant keys, and a merchant's key list never shows them.
    expect((await owner.request('/api/api-keys')).body.list.map((k: { id: string }) => k.id)).not.toContain(
      token.id,
    );
    expect((await bearer(secret)('/api/api-keys')).status).toBe(403);
  });

  it('speaks for its developer: whoami, their token list, its last use', async () => {
    const { client, did } = await newDeveloper();
    const app = didOf(TestWallet.random());
    const { secret, id } = (
      await client.request('/api/developer/access-tokens', {
        method: 'POST',
        body: { name: 'ci', scope: app, permission: 'read', expires_in: 7 * DAY },
      })
    ).body;
    await client.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'other' } });
    const other = await newDeveloper();
    await other.client.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'theirs' } });

    const who = await bearer(secret)('/api/developer/whoami');
    expect(who.status).toBe(200);
    expect(who.body).toEqual({
      did,
      roles: ['developer', 'member'],
      token: { id, name: 'ci', scope: app, permission: 'read', expires_at: clock.nowUnix() + 7 * DAY },
    });
    expect((await client.request('/api/developer/whoami')).body).toEqual({
      did,
      roles: ['developer', 'member'],
      token: null,
    });

    const mine = await bearer(secret)('/api/developer/access-tokens');
    expect(mine.body.list.map((t: { name: string }) => t.name).sort()).toEqual(['ci', 'other']);
    expect(mine.body.list.find((t: { id: string }) => t.id === id).last_used_at).toBe(clock.nowUnix());

    // A token never mints or deletes tokens: that needs the developer signed in.
    expect(
      (await bearer(secret)('/api/developer/access-tokens', { method: 'POST', body: { name: 'x' } })).status,
    ).toBe(403);
    expect(
      (await bearer(secret)(`/api/developer/access-tokens/${id}`, { method: 'DELETE', body: { name: 'ci' } }))
        .status,
    ).toBe(403);
  });

  it('stops working once expired (401), and says so in the list', async () => {
    const { client } = await newDeveloper();
    const { secret, id } = (
      await client.request('/api/developer/access-tokens', {
        method: 'POST',
        body: { name: 'short', expires_in: DAY },
      })
    ).body;
    expect((await bearer(secret)('/api/developer/whoami')).status).toBe(200);
    clock.advance({ seconds: DAY - 1 });
    expect((await bearer(secret)('/api/developer/whoami')).status).toBe(200);
    clock.advance({ seconds: 1 });
    const expired = await bearer(secret)('/api/developer/whoami');
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      code: 'INVALID_ACCESS_TOKEN',
      error: 'The access token is not valid, has expired or was deleted',
    });
    const listed = (await client.request('/api/developer/access-tokens')).body.list;
    expect(listed.find((t: { id: string }) => t.id === id).status).toBe('expired');
  });

  it('deletes only when the name is typed back, only the owner’s, and then refuses the secret', async () => {
    const { client, did } = await newDeveloper();
    const { secret, id } = (
      await client.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'build box' } })
    ).body;
    const path = `/api/developer/access-tokens/${id}`;

    const untyped = await client.request(path, { method: 'DELETE', body: {} });
    expect(untyped.status).toBe(400);
    expect(untyped.body.details).toEqual([{ path: 'body.name', message: 'Access Token Name is required' }]);
    const wrong = await client.request(path, { method: 'DELETE', body: { name: 'build' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('ACCESS_TOKEN_NAME_MISMATCH');
    const wrongZh = await client.request(path, {
      method: 'DELETE',
      body: { name: 'build' },
      headers: { 'accept-language': 'zh' },
    });
    expect(wrongZh.body.error).toBe('请准确输入令牌名称以删除它');

    const stranger = await newDeveloper();
    const theirs = await stranger.client.request(path, { method: 'DELETE', body: { name: 'build box' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('ACCESS_TOKEN_NOT_FOUND');
    expect((await bearer(secret)('/api/developer/whoami')).status).toBe(200);

    expect((await client.request(path, { method: 'DELETE', body: { name: ' build box ' } })).status).toBe(
      204,
    );
    const after = await bearer(secret)('/api/developer/whoami');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('INVALID_ACCESS_TOKEN');
    expect((await client.request('/api/developer/access-tokens')).body.count).toBe(0);
    expect((await client.request(path, { method: 'DELETE', body: { name: 'build box' } })).status).toBe(404);

    const events = await server.app.kiosk.database.db
      .selectFrom('events')
      .select(['type', 'object_type', 'data'])
      .where('object_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.type, e.object_type])).toEqual([
      ['access_token.created', 'access_token'],
      ['access_token.deleted', 'access_token'],
    ]);
    expect(JSON.parse(events[1]!.data)).toMatchObject({
      name: 'build box',
      created_by: did,
      revoked_by: did,
    });
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(sha256(secret));
  });

  it('is refused (403) once its owner is no longer a developer, and works again when they are', async () => {
    const { client, did } = await newDeveloper();
    const { secret } = (
      await client.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'ci' } })
    ).body;
    const passport = (await client.request('/api/session')).body.user.passports.find(
      (p: { role: string }) => p.role === 'developer',
    );
    expect((await owner.request(`/api/passports/${passport.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await bearer(secret)('/api/developer/whoami')).status).toBe(403);
    expect((await bearer(secret)('/api/developer/access-tokens')).status).toBe(403);
    await owner.request('/api/passports', { method: 'POST', body: { did, role: 'developer' } });
    expect((await bearer(secret)('/api/developer/whoami')).status).toBe(200);
  });

  it('refuses a made-up token and keeps members out of the token routes', async () => {
    const made = await bearer(`kat_${'A'.repeat(40)}`)('/api/developer/whoami');
    expect(made.status).toBe(401);
    expect(made.body.code).toBe('INVALID_ACCESS_TOKEN');
    const member = await signedIn(server, TestWallet.random());
    expect(
      (await member.request('/api/developer/access-tokens', { method: 'POST', body: { name: 'x' } })).status,
    ).toBe(403);
    expect((await cookieClient(server.url).request('/api/developer/access-tokens')).status).toBe(401);
  });

  describe('kiosk login through the browser (/connect-cli)', () => {
    const anonymous = () => cookieClient(server.url);
    const open = async (source?: string) => {
      const opened = await anonymous().request('/api/connect-cli', {
        method: 'POST',
        body: source ? { source } : {},
      });
      expect(opened.status).toBe(201);
      return opened.body as { id: string; secret: string; approve_url: string; status: string };
    };
    const redeem = (id: string, secret: string) =>
      anonymous().request(`/api/connect-cli/${id}/redeem`, { method: 'POST', body: { secret } });

    it('hands the CLI one token of the developer who approved, once', async () => {
      const { client, did } = await newDeveloper();
      const opened = await open('Kiosk CLI on build-box');
      expect(opened.approve_url).toBe(`${server.url}/connect-cli?id=${opened.id}`);
      expect((await anonymous().request(`/api/connect-cli/${opened.id}`)).body).toEqual({
        id: opened.id,
        client: 'cli',
        source: 'Kiosk CLI on build-box',
        status: 'pending',
        expires_at: clock.nowUnix() + 600,
      });
      expect((await redeem(opened.id, opened.secret)).body).toEqual({ status: 'pending', token: null });

      // Only a developer, signed in, may approve: the token will be theirs.
      const member = await signedIn(server, TestWallet.random());
      expect((await member.request(`/api/connect-cli/${opened.id}/approve`, { method: 'POST' })).status).toBe(
        403,
      );
      expect(
        (await anonymous().request(`/api/connect-cli/${opened.id}/approve`, { method: 'POST' })).status,
      ).toBe(401);
      const approved = await client.request(`/api/connect-cli/${opened.id}/approve`, { method: 'POST' });
      expect(approved.body.status).toBe('approved');

      // The secret is the CLI's: without it, the approved connection gives nothing.
      expect((await redeem(opened.id, 'guess')).status).toBe(404);
      const redeemed = await redeem(opened.id, opened.secret);
      expect(redeemed.body).toMatchObject({
        status: 'redeemed',
        token: { name: 'Kiosk CLI on build-box', scope: 'all', permission: 'publish', status: 'active' },
      });
      const secret = redeemed.body.token.secret;
      expect((await bearer(secret)('/api/developer/whoami')).body).toMatchObject({
        did,
        token: { name: 'Kiosk CLI on build-box' },
      });
      expect((await redeem(opened.id, opened.secret)).body).toEqual({ status: 'redeemed', token: null });
      const again = await client.request(`/api/connect-cli/${opened.id}/approve`, { method: 'POST' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CLI_CONNECTION_NOT_PENDING');
      expect((await client.request('/api/developer/access-tokens')).body.count).toBe(1);

      const events = await server.app.kiosk.database.db
        .selectFrom('events')
        .select('type')
        .where('object_id', '=', opened.id)
        .orderBy('id')
        .execute();
      expect(events.map((e) => e.type)).toEqual([
        'cli_connection.created',
        'cli_connection.approved',
        'cli_connection.redeemed',
      ]);
    });

    it('gives nothing once denied or expired', async () => {
      const { client } = await newDeveloper();
      const denied = await open();
      expect(
        (await client.request(`/api/connect-cli/${denied.id}/deny`, { method: 'POST' })).body.status,
      ).toBe('denied');
      expect((await redeem(denied.id, denied.secret)).body).toEqual({ status: 'denied', token: null });
      expect((await client.request(`/api/connect-cli/${denied.id}/approve`, { method: 'POST' })).status).toBe(
        409,
      );

      const late = await open();
      await client.request(`/api/connect-cli/${late.id}/approve`, { method: 'POST' });
      clock.advance({ seconds: 600 });
      expect((await redeem(late.id, late.secret)).body).toEqual({ status: 'expired', token: null });
      const unanswered = await open();
      clock.advance({ seconds: 600 });
      expect((await anonymous().request(`/api/connect-cli/${unanswered.id}`)).body.status).toBe('expired');
      expect((await client.request('/api/developer/access-tokens')).body.count).toBe(0);
      expect((await anonymous().request('/api/connect-cli/nothing-here')).status).toBe(404);
    });
  });
});
