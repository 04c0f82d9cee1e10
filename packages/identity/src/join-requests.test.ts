import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityTables } from './tables.ts';

/**
 * Joining as a developer by invitation (issue 12 item 7, seed 001 `/join`): a signed-in user asks,
 * ticking the terms; an admin approves (granting the developer passport) or declines; the user may
 * withdraw a request still waiting.
 */

type Client = Awaited<ReturnType<typeof signedIn>>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const TERMS = 'You must accept the developer terms to join';

describe.each(await testEngines())('joining as a developer on %s', (engine) => {
  let server: TestServer;
  let clock: TestClock;
  let owner: Client;
  let admin: Client;
  let adminDid: string;

  const db = () => server.app.kiosk.database.db as unknown as Kysely<IdentityTables>;

  async function newUser(): Promise<{ client: Client; did: string }> {
    const wallet = TestWallet.random();
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  const ask = (client: Client, body: unknown = { terms_accepted: true }) =>
    client.request('/api/developer/join-requests', { method: 'POST', body });
  const decide = (client: Client, id: string, action: 'approve' | 'decline') =>
    client.request(`/api/console/join-requests/${id}/${action}`, { method: 'POST' });
  const rolesOf = async (client: Client) =>
    (await client.request('/api/developer/whoami')).body.roles as string[];
  const eventsOf = (objectId: string) =>
    server.app.kiosk.database.db
      .selectFrom('events')
      .select(['type', 'object_type', 'data'])
      .where('object_id', '=', objectId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    // The first account to sign in owns the instance; it makes an admin, who decides below.
    owner = await signedIn(server, TestWallet.random());
    const user = await newUser();
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: user.did, role: 'admin' },
    });
    expect(granted.status).toBe(201);
    admin = user.client;
    adminDid = user.did;
  });
  afterAll(() => server?.close());

  it('refuses a request without the terms ticked, saying so in English and Chinese, and stores nothing', async () => {
    const { client } = await newUser();
    for (const body of [{}, { terms_accepted: false }, { terms_accepted: 'yes' }, { message: 'hi' }]) {
      const answer = await ask(client, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
      expect(answer.body.details).toEqual([{ path: 'body.terms_accepted', message: TERMS }]);
    }
    const zh = await client.request('/api/developer/join-requests', {
      method: 'POST',
      body: { terms_accepted: false },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.details).toEqual([{ path: 'body.terms_accepted', message: '必须同意开发者条款才能加入' }]);
    const tooLong = await ask(client, { terms_accepted: true, message: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details[0].path).toBe('body.message');

    const mine = await client.request('/api/developer/join-requests/mine');
    expect(mine.status).toBe(200);
    expect(mine.body).toBeNull();
  });

  it('a second submit answers the same pending request: one request, one event', async () => {
    const { client, did } = await newUser();
    const first = await ask(client, { terms_accepted: true, message: '  I build weather apps ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^djr_[0-9A-Za-z]{24}$/),
      object: 'join_request',
      did,
      name: null,
      message: 'I build weather apps',
      status: 'pending',
      terms_accepted_at: clock.nowUnix(),
      decided_by: null,
      decided_at: null,
      created_at: clock.nowUnix(),
      updated_at: clock.nowUnix(),
    });

    const again = await ask(client, { terms_accepted: true, message: 'another message' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await client.request('/api/developer/join-requests/mine')).body).toEqual(first.body);
    const rows = await db()
      .selectFrom('developer_join_requests')
      .select('id')
      .where('did', '=', did)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await eventsOf(first.body.id)).map((e) => [e.type, e.object_type])).toEqual([
      ['join_request.created', 'join_request'],
    ]);
  });

  it('a double click sends two first submits at once: still one request', async () => {
    const { client, did } = await newUser();
    const racing = await Promise.all([ask(client), ask(client), ask(client)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((answer) => answer.body.id)).size).toBe(1);
    const rows = await db()
      .selectFrom('developer_join_requests')
      .select('id')
      .where('did', '=', did)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a developer cannot ask: 409 ALREADY_DEVELOPER, in their language', async () => {
    const { client, did } = await newUser();
    await owner.request('/api/passports', { method: 'POST', body: { did, role: 'developer' } });
    const answer = await ask(client);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 'ALREADY_DEVELOPER', error: 'You are a developer already' });
    const zh = await client.request('/api/developer/join-requests', {
      method: 'POST',
      body: { terms_accepted: true },
      headers: { 'accept-language': 'zh' },
    });
    expect(zh.body.error).toBe('您已经是开发者');
    expect((await client.request('/api/developer/join-requests/mine')).body).toBeNull();
  });

  it('a member can neither list nor decide requests (403), not even their own', async () => {
    const { client } = await newUser();
    const { id } = (await ask(client)).body;
    expect((await client.request('/api/console/join-requests')).status).toBe(403);
    for (const action of ['approve', 'decline'] as const) {
      const answer = await decide(client, id, action);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    expect((await client.request('/api/developer/join-requests/mine')).body.status).toBe('pending');
    expect(await rolesOf(client)).toEqual(['member']);
  });

  it('approving grants the developer passport in the same step and records both', async () => {
    const { client, did } = await newUser();
    await db().updateTable('users').set({ name: 'Grace Hopper' }).where('did', '=', did).execute();
    const { id } = (await ask(client, { terms_accepted: true, message: 'Let me in' })).body;

    const pending = await admin.request('/api/console/join-requests');
    expect(pending.status).toBe(200);
    expect(pending.body.list).toContainEqual(
      expect.objectContaining({ id, did, name: 'Grace Hopper', message: 'Let me in', status: 'pending' }),
    );
    expect((await client.request('/api/developer/whoami')).body.roles).not.toContain('developer');

    clock.advance({ seconds: 60 });
    const approved = await decide(admin, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id,
      name: 'Grace Hopper',
      status: 'approved',
      decided_by: adminDid,
      decided_at: clock.nowUnix(),
    });
    expect(await rolesOf(client)).toEqual(expect.arrayContaining(['developer', 'member']));
    const session = await client.request('/api/session');
    expect(session.body.user.passports.map((p: { role: string }) => p.role)).toContain('developer');
    expect((await client.request('/api/developer/join-requests/mine')).body.status).toBe('approved');

    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      'join_request.created',
      'join_request.approved',
    ]);
    const passport = await db()
      .selectFrom('passports')
      .select(['id', 'issued_by'])
      .where('user_did', '=', did)
      .where('role', '=', 'developer')
      .executeTakeFirstOrThrow();
    expect(passport.issued_by).toBe(adminDid);
    expect((await eventsOf(passport.id)).map((e) => e.type)).toEqual(['passport.created']);

    // No longer waiting, and a developer does not ask again.
    const after = await admin.request('/api/console/join-requests');
    expect(after.body.list.map((r: { id: string }) => r.id)).not.toContain(id);
    const listed = await admin.request('/api/console/join-requests?status=approved');
    expect(listed.body.list.map((r: { id: string }) => r.id)).toContain(id);
    expect((await ask(client)).status).toBe(409);
  });

  it('declining leaves the user a member, who may ask again', async () => {
    const { client } = await newUser();
    const { id } = (await ask(client)).body;
    const declined = await decide(admin, id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ id, status: 'declined', decided_by: adminDid });
    expect(await rolesOf(client)).toEqual(['member']);
    expect((await client.request('/api/developer/join-requests/mine')).body.status).toBe('declined');
    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      'join_request.created',
      'join_request.declined',
    ]);

    const second = await ask(client);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(id);
    expect((await client.request('/api/developer/join-requests/mine')).body.id).toBe(second.body.id);
  });

  it('deciding a request that is no longer pending is 409, and an unknown one 404', async () => {
    const { client } = await newUser();
    const { id } = (await ask(client)).body;
    expect((await decide(admin, id, 'approve')).status).toBe(200);
    for (const action of ['approve', 'decline'] as const) {
      const again = await decide(owner, id, action);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('JOIN_REQUEST_NOT_PENDING');
    }
    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      'join_request.created',
      'join_request.approved',
    ]);
    const unknown = await decide(admin, 'djr_nosuchrequest0000000000', 'approve');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('JOIN_REQUEST_NOT_FOUND');
  });

  it('withdraws a pending request once; the admins can then no longer decide it', async () => {
    const { client, did } = await newUser();
    expect((await client.request('/api/developer/join-requests/mine', { method: 'DELETE' })).status).toBe(
      404,
    );
    const { id } = (await ask(client)).body;
    const withdrawn = await client.request('/api/developer/join-requests/mine', { method: 'DELETE' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id, status: 'withdrawn', decided_by: did });
    const again = await client.request('/api/developer/join-requests/mine', { method: 'DELETE' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('JOIN_REQUEST_NOT_PENDING');
    expect((await decide(admin, id, 'approve')).status).toBe(409);
    expect(await rolesOf(client)).toEqual(['member']);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      'join_request.created',
      'join_request.withdrawn',
    ]);
  });

  it('lists pending requests waiting longest first, a page at a time', async () => {
    // The earlier tests' requests still waiting are declined first.
    for (const waiting of (await admin.request('/api/console/join-requests?pageSize=100')).body.list)
      await decide(admin, waiting.id, 'decline');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await ask((await newUser()).client)).body.id);
    const first = await admin.request('/api/console/join-requests?pageSize=2');
    expect(first.body.count).toBe(3);
    expect(first.body.list.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    const next = await admin.request(`/api/console/join-requests?pageSize=2&starting_after=${ids[1]}`);
    expect(next.body.list.map((r: { id: string }) => r.id)).toEqual(ids.slice(2));
    const second = await admin.request('/api/console/join-requests?pageSize=2&page=2');
    expect(second.body.list.map((r: { id: string }) => r.id)).toEqual(ids.slice(2));
  });
});
