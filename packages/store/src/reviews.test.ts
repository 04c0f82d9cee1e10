import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import {
  cookieClient,
  merchantOf,
  signedIn,
  startTestServer,
  testEngines,
  type TestServer,
} from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, packAndSign, removeTempDirs, type TestApp } from '@kiosk/bundle/test-fixtures';
import type { StoreTables } from './tables.ts';

/**
 * The review workflow over HTTP (issue 12 items 5 and 8): a version goes from upload through review
 * to the store front by the developer's and the admins' calls, each move with its thread line and
 * its event; refused moves write nothing.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

afterAll(removeTempDirs);

describe.each(await testEngines())('the review workflow on %s', (engine) => {
  let server: TestServer;
  let owner: Client;
  let admin: Client;
  let adminDid: string;
  let developer: Client;
  let developerDid: string;
  let clock: TestClock;
  let db: () => Kysely<StoreTables>;

  async function withPassport(role: 'developer' | 'admin'): Promise<{ client: Client; did: string }> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  /** Uploads the app's folder as it is now, packed and signed by its key. */
  async function upload(client: Client, app: TestApp) {
    const { file, release } = await packAndSign(app);
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: client.cookie },
        body: await readFile(file),
      },
    );
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body as { app: any; version: any };
  }

  async function newApp(client = developer) {
    const source = await makeApp({ metadata: { name: randomName() } });
    const { app, version } = await upload(client, source);
    return { did: app.did as string, version: version as any, source };
  }

  /** Uploads the next version of `source`. */
  async function nextVersion(source: TestApp, version: string, client = developer) {
    source.metadata.version = version;
    await writeFile(join(source.dir, 'kiosk.json'), JSON.stringify(source.metadata));
    return (await upload(client, source)).version;
  }

  const developerAct = (
    client: Client,
    did: string,
    version: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    client.request(`/api/developer/apps/${did}/versions/${version}/review`, {
      method: 'POST',
      body,
      headers,
    });
  const adminAct = (
    client: Client,
    did: string,
    version: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    client.request(`/api/console/apps/${did}/versions/${version}/review`, { method: 'POST', body, headers });

  /** Takes each step, expecting it to succeed; answers the last answer. */
  async function steps(did: string, version: string, ...actions: string[]) {
    let answer;
    for (const action of actions) {
      const developerSide = ['requestReview', 'reply', 'cancelReview', 'publish'].includes(action);
      const message = action === 'comment' || action === 'reply' ? `${action} text` : undefined;
      answer = developerSide
        ? await developerAct(developer, did, version, { action, message })
        : await adminAct(admin, did, version, { action, message });
      expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
      clock.advance({ seconds: 1 });
    }
    return answer!;
  }

  const thread = async (did: string, version: string, client: Client = developer) => {
    const answer = await client.request(`/api/developer/apps/${did}/versions/${version}/thread`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { list: any[]; count: number };
  };

  const eventsOf = async (objectId: string) =>
    (
      await (db() as Kysely<any>)
        .selectFrom('events')
        .select('type')
        .where('object_id', '=', objectId)
        .orderBy('id')
        .execute()
    ).map((e) => e.type as string);

  const onFront = async (did: string) =>
    (await cookieClient(server.url).request('/api/apps?pageSize=100')).body.list.some(
      (a: { did: string }) => a.did === did,
    );

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = (await merchantOf(server)).owner;
    ({ client: admin, did: adminDid } = await withPassport('admin'));
    ({ client: developer, did: developerDid } = await withPassport('developer'));
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  it('takes a version from upload through review to the store front, with its thread and events', async () => {
    const { did, version } = await newApp();
    const requested = await steps(did, '1.0.0', 'requestReview');
    expect(requested.body.version.status).toBe('pending');

    const queue = await admin.request('/api/console/reviews?pageSize=100');
    expect(queue.status).toBe(200);
    expect(queue.body.list).toContainEqual(
      expect.objectContaining({ id: version.id, status: 'pending', app: expect.objectContaining({ did }) }),
    );

    await steps(did, '1.0.0', 'startReview', 'comment', 'reply');
    const approved = await steps(did, '1.0.0', 'approve');
    expect(approved.body.version.status).toBe('approved');
    expect(approved.body.review).toMatchObject({
      action: 'approve',
      author_did: adminDid,
      author_role: 'admin',
    });
    expect(Object.keys(approved.body.version.status_transitions).sort()).toEqual([
      'approved',
      'inReview',
      'pending',
    ]);
    // Approved is not yet published: the store front waits for the developer.
    expect(approved.body.app.version).toBeNull();
    expect(await onFront(did)).toBe(false);

    const published = await steps(did, '1.0.0', 'publish');
    expect(published.body.version).toMatchObject({ status: 'published', published_at: expect.any(Number) });
    expect(published.body.app).toMatchObject({ version: '1.0.0', latest_status: 'published' });
    expect(await onFront(did)).toBe(true);

    const lines = await thread(did, '1.0.0');
    expect(lines.list.map((l) => [l.action, l.author_role, l.message])).toEqual([
      ['requestReview', 'developer', null],
      ['startReview', 'admin', null],
      ['comment', 'admin', 'comment text'],
      ['reply', 'developer', 'reply text'],
      ['approve', 'admin', null],
      ['publish', 'developer', null],
    ]);
    expect(lines.list[2]).toMatchObject({
      object: 'app_version_review',
      version: '1.0.0',
      author_did: adminDid,
    });
    expect(lines.list[3]).toMatchObject({ author_did: developerDid, version_id: version.id });
    // The admins read the same thread.
    expect((await thread(did, '1.0.0', admin)).list).toEqual(lines.list);

    expect(await eventsOf(version.id)).toEqual([
      'app_version.created',
      'app_version.review_requested',
      'app_version.review_started',
      'app_version.review_commented',
      'app_version.review_replied',
      'app_version.approved',
      'app_version.published',
    ]);
    expect(await eventsOf(did)).toEqual(['app.created', 'app.updated']);

    // The thread stays open: a comment on the published version moves nothing and publishes nothing again.
    const later = await adminAct(admin, did, '1.0.0', { action: 'comment', message: 'Thanks' });
    expect(later.status).toBe(200);
    expect(later.body.app.published_at).toBe(published.body.app.published_at);
    expect(await eventsOf(did)).toEqual(['app.created', 'app.updated']);
  });

  it('publishes at once on approval when the app has auto-publish on, as a second move', async () => {
    const { did, version } = await newApp();
    const on = await developer.request(`/api/developer/apps/${did}`, {
      method: 'PUT',
      body: { auto_publish: true },
    });
    expect(on.status).toBe(200);
    const approved = await steps(did, '1.0.0', 'requestReview', 'startReview', 'approve');
    expect(approved.body.version.status).toBe('published');
    expect(approved.body.version.status_transitions).toMatchObject({
      approved: expect.any(Number),
      published: expect.any(Number),
    });
    expect(approved.body.review.action).toBe('approve');
    expect(approved.body.app.version).toBe('1.0.0');
    expect((await eventsOf(version.id)).slice(-2)).toEqual(['app_version.approved', 'app_version.published']);
    expect((await thread(did, '1.0.0')).list.slice(-2)).toEqual([
      expect.objectContaining({ action: 'approve', author_role: 'admin' }),
      expect.objectContaining({ action: 'publish', author_role: 'developer', author_did: developerDid }),
    ]);
    expect(await onFront(did)).toBe(true);
  });

  it('makes a rejection final: no action moves the version again', async () => {
    const { did, version } = await newApp();
    await steps(did, '1.0.0', 'requestReview', 'startReview');
    const rejected = await adminAct(admin, did, '1.0.0', { action: 'reject', message: 'Crashes on start' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.version.status).toBe('rejected');
    expect(rejected.body.review.message).toBe('Crashes on start');

    for (const action of ['publish', 'requestReview', 'cancelReview']) {
      const refused = await developerAct(developer, did, '1.0.0', { action });
      expect(refused.status, action).toBe(409);
      expect(refused.body.code).toBe('REVIEW_ACTION_NOT_ALLOWED');
    }
    for (const action of ['approve', 'startReview', 'reject']) {
      const refused = await adminAct(admin, did, '1.0.0', { action });
      expect(refused.status, action).toBe(409);
    }
    const zh = await adminAct(admin, did, '1.0.0', { action: 'approve' }, { 'accept-language': 'zh' });
    expect(zh.body.error).toBe('该版本当前的状态不允许此审核操作');
    // The thread may still be written in.
    expect((await adminAct(admin, did, '1.0.0', { action: 'comment', message: 'See logs' })).status).toBe(
      200,
    );
    expect((await eventsOf(version.id)).filter((t) => t === 'app_version.rejected')).toHaveLength(1);
  });

  it('lets the developer cancel a review for good, and a newer request cancels an older one', async () => {
    const first = await newApp();
    await steps(first.did, '1.0.0', 'requestReview', 'startReview');
    const cancelled = await developerAct(developer, first.did, '1.0.0', { action: 'cancelReview' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.version.status).toBe('cancelled');
    expect((await adminAct(admin, first.did, '1.0.0', { action: 'approve' })).status).toBe(409);
    expect((await developerAct(developer, first.did, '1.0.0', { action: 'requestReview' })).status).toBe(409);

    const second = await newApp();
    await steps(second.did, '1.0.0', 'requestReview');
    await nextVersion(second.source, '1.1.0');
    await steps(second.did, '1.1.0', 'requestReview');
    const versions = (await developer.request(`/api/apps/${second.did}`)).body.versions;
    expect(versions.map((v: any) => [v.version, v.status])).toEqual([
      ['1.1.0', 'pending'],
      ['1.0.0', 'cancelled'],
    ]);
    expect((await thread(second.did, '1.0.0')).list.map((l) => l.action)).toEqual([
      'requestReview',
      'cancelReview',
    ]);
  });

  it('refuses members, other developers and the wrong side', async () => {
    const { did } = await newApp();
    const member = await signedIn(server, TestWallet.random());
    const other = (await withPassport('developer')).client;

    const asMember = await developerAct(member, did, '1.0.0', { action: 'requestReview' });
    expect(asMember.status).toBe(403);
    expect(asMember.body.code).toBe('FORBIDDEN');
    expect((await adminAct(member, did, '1.0.0', { action: 'startReview' })).status).toBe(403);
    expect((await member.request(`/api/developer/apps/${did}/versions/1.0.0/thread`)).status).toBe(403);

    const asOther = await developerAct(other, did, '1.0.0', { action: 'requestReview' });
    expect(asOther.status).toBe(403);
    expect(asOther.body.code).toBe('APP_NOT_YOURS');
    const otherThread = await other.request(`/api/developer/apps/${did}/versions/1.0.0/thread`);
    expect(otherThread.status).toBe(403);
    expect(otherThread.body.code).toBe('APP_NOT_YOURS');

    // A developer cannot approve their own version, and an admin cannot ask for review in theirs.
    expect((await adminAct(developer, did, '1.0.0', { action: 'approve' })).status).toBe(403);
    const wrongSide = await developerAct(developer, did, '1.0.0', { action: 'approve' });
    expect(wrongSide.status).toBe(400);
    expect(wrongSide.body.code).toBe('VALIDATION_FAILED');

    expect((await developerAct(developer, did, '9.9.9', { action: 'requestReview' })).status).toBe(404);
    expect(
      (await developerAct(developer, 'did:pkh:eip155:1:0x0', '1.0.0', { action: 'requestReview' })).status,
    ).toBe(404);
    expect((await thread(did, '1.0.0')).list).toEqual([]);
  });

  it('needs content for a comment or a reply, and a thread to write in', async () => {
    const { did, version } = await newApp();
    const onDraft = await adminAct(admin, did, '1.0.0', { action: 'comment', message: 'Too early' });
    expect(onDraft.status).toBe(409);
    await steps(did, '1.0.0', 'requestReview');

    const blank = await adminAct(admin, did, '1.0.0', { action: 'comment', message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'REVIEW_MESSAGE_REQUIRED', error: 'Content is required' });
    const zh = await developerAct(developer, did, '1.0.0', { action: 'reply' }, { 'accept-language': 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.error).toBe('内容为必填项');
    const typeOnComment = await adminAct(admin, did, '1.0.0', {
      action: 'comment',
      message: 'x',
      review_type: 'first',
    });
    expect(typeOnComment.status).toBe(400);
    expect((await thread(did, '1.0.0')).list.map((l) => l.action)).toEqual(['requestReview']);
    expect(await eventsOf(version.id)).toEqual(['app_version.created', 'app_version.review_requested']);
  });

  it('with "first approval only", publishes the next version without review; with "every version", it waits', async () => {
    const { did, source } = await newApp();
    // Approving may set the app's review type, as the original's approve dialog did.
    await steps(did, '1.0.0', 'requestReview', 'startReview');
    const approved = await adminAct(admin, did, '1.0.0', { action: 'approve', review_type: 'first' });
    expect(approved.status).toBe(200);
    expect(approved.body.app.review_type).toBe('first');
    await steps(did, '1.0.0', 'publish');

    await nextVersion(source, '1.1.0');
    const notNeeded = await developerAct(developer, did, '1.1.0', { action: 'requestReview' });
    expect(notNeeded.status).toBe(409);
    expect(notNeeded.body.code).toBe('REVIEW_NOT_NEEDED');
    const published = await steps(did, '1.1.0', 'publish');
    expect(published.body.app.version).toBe('1.1.0');

    // Back to the store's setting (every version): the next one needs review again.
    const back = await admin.request(`/api/console/apps/${did}`, {
      method: 'PUT',
      body: { review_type: null },
    });
    expect(back.status).toBe(200);
    expect(back.body.review_type).toBeNull();
    await nextVersion(source, '1.2.0');
    const required = await developerAct(developer, did, '1.2.0', { action: 'publish' });
    expect(required.status).toBe(409);
    expect(required.body.code).toBe('REVIEW_REQUIRED');
  });

  it("follows the store's review type, which only admins change, and uploads follow it too", async () => {
    const settings = await admin.request('/api/console/store-settings');
    expect(settings.body).toEqual({
      object: 'store_settings',
      review_type: 'every',
      sales_livemode: true,
      store_share_bps: 3000,
      updated_at: null,
    });
    expect((await developer.request('/api/console/store-settings')).status).toBe(403);
    expect(
      (
        await developer.request('/api/console/store-settings', {
          method: 'PUT',
          body: { review_type: 'first' },
        })
      ).status,
    ).toBe(403);

    const { did, source } = await newApp();
    await developer.request(`/api/developer/apps/${did}`, { method: 'PUT', body: { auto_publish: true } });
    await steps(did, '1.0.0', 'requestReview', 'startReview', 'approve');
    const changed = await admin.request('/api/console/store-settings', {
      method: 'PUT',
      body: { review_type: 'first' },
    });
    try {
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ review_type: 'first', updated_at: expect.any(Number) });
      expect(await eventsOf('store')).toEqual(['store_settings.updated']);
      // Reviewed once, auto-publish on: the upload goes out at once.
      expect((await nextVersion(source, '1.1.0')).status).toBe('published');
      // An app of its own type keeps it whatever the store says.
      const own = await admin.request(`/api/console/apps/${did}`, {
        method: 'PUT',
        body: { review_type: 'every' },
      });
      expect(own.body.review_type).toBe('every');
      expect((await nextVersion(source, '1.2.0')).status).toBe('draft');
    } finally {
      await admin.request('/api/console/store-settings', { method: 'PUT', body: { review_type: 'every' } });
    }
  });

  it('writes an approval once, whether submitted twice or retried with its Idempotency-Key', async () => {
    const { did, version } = await newApp();
    await steps(did, '1.0.0', 'requestReview', 'startReview');
    const key = { 'idempotency-key': `approve-${version.id}` };
    const first = await adminAct(admin, did, '1.0.0', { action: 'approve', message: 'Fine' }, key);
    expect(first.status).toBe(200);
    const retried = await adminAct(admin, did, '1.0.0', { action: 'approve', message: 'Fine' }, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
    const again = await adminAct(admin, did, '1.0.0', { action: 'approve', message: 'Fine' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REVIEW_ACTION_NOT_ALLOWED');

    expect((await eventsOf(version.id)).filter((t) => t === 'app_version.approved')).toHaveLength(1);
    expect((await thread(did, '1.0.0')).list.filter((l) => l.action === 'approve')).toHaveLength(1);
  });

  it('decides two approvals sent at once one after the other: one approves, the other is refused', async () => {
    const { did, version } = await newApp();
    await steps(did, '1.0.0', 'requestReview', 'startReview');
    const answers = await Promise.all([
      adminAct(admin, did, '1.0.0', { action: 'approve' }),
      adminAct(owner, did, '1.0.0', { action: 'approve' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await eventsOf(version.id)).filter((t) => t === 'app_version.approved')).toHaveLength(1);
    expect((await thread(did, '1.0.0')).list.filter((l) => l.action === 'approve')).toHaveLength(1);
  });

  it("refuses a blocked app's developer asking for review, with the reason", async () => {
    const { did } = await newApp();
    // Blocking arrives with the rest of the admin console: the flag by hand, the refusal is the point.
    await db()
      .updateTable('store_apps')
      .set({ blocked: true, block_reason: 'spam' })
      .where('id', '=', did)
      .execute();
    const blocked = await developerAct(developer, did, '1.0.0', { action: 'requestReview' });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      code: 'APP_BLOCKED',
      error: 'This app is blocked by the store: spam',
    });
    expect((await thread(did, '1.0.0')).list).toEqual([]);
  });

  it('refuses to publish a version lower than the one the store shows', async () => {
    const { did, source } = await newApp();
    await steps(did, '1.0.0', 'requestReview', 'startReview', 'approve');
    await nextVersion(source, '1.1.0');
    await steps(did, '1.1.0', 'requestReview', 'startReview', 'approve', 'publish');
    const older = await developerAct(developer, did, '1.0.0', { action: 'publish' });
    expect(older.status).toBe(409);
    expect(older.body.code).toBe('APP_VERSION_SUPERSEDED');
    expect((await developer.request(`/api/apps/${did}`)).body.version).toBe('1.1.0');
  });

  it('lists the queue waiting longest first, by status, a page at a time, to admins only', async () => {
    const a = await newApp();
    const b = await newApp();
    const c = await newApp();
    await steps(b.did, '1.0.0', 'requestReview');
    await steps(a.did, '1.0.0', 'requestReview');
    await steps(c.did, '1.0.0', 'requestReview', 'startReview');
    const ours = (list: any[]) => list.map((v) => v.app.did).filter((d) => [a.did, b.did, c.did].includes(d));

    const waiting = await admin.request('/api/console/reviews?pageSize=100');
    expect(ours(waiting.body.list)).toEqual([b.did, a.did, c.did]);
    const pending = await admin.request('/api/console/reviews?status=pending&pageSize=100');
    expect(ours(pending.body.list)).toEqual([b.did, a.did]);
    expect(pending.body.list.every((v: any) => v.status === 'pending')).toBe(true);
    const inReview = await owner.request('/api/console/reviews?status=inReview&pageSize=100');
    expect(ours(inReview.body.list)).toEqual([c.did]);

    const page = await admin.request('/api/console/reviews?pageSize=1&page=2');
    expect(page.body.list).toHaveLength(1);
    expect(page.body.count).toBe(waiting.body.count);
    expect((await developer.request('/api/console/reviews')).status).toBe(403);
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}
