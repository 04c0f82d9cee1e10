import { readdir, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeApp,
  packAndSign,
  removeTempDirs,
  type PackedApp,
  type TestApp,
} from '@kiosk/bundle/test-fixtures';
import type { StoreTables } from './tables.ts';

/**
 * Publishing with a developer access token, as `kiosk publish` does (issue 12 items 3 and 4): the
 * token says who uploads and what it may touch; the app's own key still signs every release.
 */

type Client = Awaited<ReturnType<typeof signedIn>>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
const HOUR = 60 * 60;

afterAll(removeTempDirs);

describe.each(await testEngines())('uploading with an access token on %s', (engine) => {
  let server: TestServer;
  let clock: TestClock;
  let owner: Client;
  let db: () => Kysely<StoreTables>;

  async function newDeveloper(): Promise<{ client: Client; did: string }> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status).toBe(201);
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  async function newToken(client: Client, body: Record<string, unknown> = {}) {
    const created = await client.request('/api/developer/access-tokens', {
      method: 'POST',
      body: { name: 'cli', ...body },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; name: string; secret: string };
  }

  /** The upload protocol with a bearer token instead of a session cookie. */
  async function upload(secret: string, { file, release }: PackedApp) {
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', authorization: `Bearer ${secret}` },
        body: await readFile(file),
      },
    );
    return { status: response.status, body: (await response.json()) as any };
  }

  async function nextVersion(app: TestApp, version: string): Promise<PackedApp> {
    app.metadata.version = version;
    await writeFile(join(app.dir, 'kiosk.json'), JSON.stringify(app.metadata, null, 2));
    return packAndSign(app);
  }

  const versionsOf = async (did: string) =>
    (
      await db()
        .selectFrom('store_app_versions')
        .select('version')
        .where('app_did', '=', did)
        .orderBy('version')
        .execute()
    ).map((v) => v.version);

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = (await merchantOf(server)).owner;
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  it('publishes as the token’s developer, then refuses it once expired and once deleted', async () => {
    const developer = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    const token = await newToken(developer.client, { scope: app.did, expires_in: HOUR });

    const first = await upload(token.secret, await packAndSign(app));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.app).toMatchObject({ did: app.did, developer_did: developer.did });
    expect(first.body.version).toMatchObject({ version: '1.0.0', status: 'draft' });
    const listed = (await developer.client.request('/api/developer/access-tokens')).body.list;
    expect(listed[0].last_used_at).toBe(clock.nowUnix());

    clock.advance({ seconds: HOUR });
    const expired = await upload(token.secret, await nextVersion(app, '1.1.0'));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('INVALID_ACCESS_TOKEN');

    const fresh = await newToken(developer.client, { name: 'fresh', scope: app.did });
    expect((await upload(fresh.secret, await nextVersion(app, '1.1.0'))).status).toBe(201);
    const refusedDelete = await developer.client.request(`/api/developer/access-tokens/${fresh.id}`, {
      method: 'DELETE',
      body: { name: 'cli' },
    });
    expect(refusedDelete.status).toBe(400);
    expect((await upload(fresh.secret, await nextVersion(app, '1.2.0'))).status).toBe(201);
    const deleted = await developer.client.request(`/api/developer/access-tokens/${fresh.id}`, {
      method: 'DELETE',
      body: { name: 'fresh' },
    });
    expect(deleted.status).toBe(204);
    const afterDelete = await upload(fresh.secret, await nextVersion(app, '1.3.0'));
    expect(afterDelete.status).toBe(401);
    expect(afterDelete.body.code).toBe('INVALID_ACCESS_TOKEN');
    expect(await versionsOf(app.did)).toEqual(['1.0.0', '1.1.0', '1.2.0']);
  });

  it('refuses (403) a token scoped to another app and a read-only token, before keeping anything', async () => {
    const developer = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    const otherApp = await makeApp({ metadata: { name: randomName() } });
    const scoped = await newToken(developer.client, { name: 'other app only', scope: otherApp.did });
    const readOnly = await newToken(developer.client, { name: 'reader', permission: 'read' });
    const packed = await packAndSign(app);

    const outOfScope = await upload(scoped.secret, packed);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body).toMatchObject({
      code: 'ACCESS_TOKEN_OUT_OF_SCOPE',
      error: `The access token “other app only” is limited to the app ${otherApp.did}`,
    });
    const read = await upload(readOnly.secret, packed);
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('ACCESS_TOKEN_READ_ONLY');
    expect(await versionsOf(app.did)).toEqual([]);

    // The same bundle goes through with a token for every app.
    const all = await newToken(developer.client, { name: 'all apps' });
    expect((await upload(all.secret, packed)).status).toBe(201);
  });

  /**
   * Asks first (Expect: 100-continue, as the CLI does) to upload a body of `size` bytes with `query`,
   * sending it only if told to go on; answers the final status and code, and whether it was told.
   */
  function askToUpload(secret: string, query: string, size: number) {
    return new Promise<{ status: number; code: string; toldToContinue: boolean }>((resolve, reject) => {
      let toldToContinue = false;
      const sending = httpRequest(
        `${server.url}/api/developer/apps/upload?${query}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/gzip',
            'content-length': String(size),
            authorization: `Bearer ${secret}`,
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              code: (JSON.parse(text) as { code: string }).code,
              toldToContinue,
            }),
          );
        },
      );
      sending.on('error', reject);
      sending.on('continue', () => {
        toldToContinue = true;
        sending.end(Buffer.alloc(size));
      });
      sending.flushHeaders();
    });
  }

  it('refuses a token that cannot publish before any byte, whatever the query says of the app', async () => {
    const developer = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    const otherApp = await makeApp({ metadata: { name: randomName() } });
    const readOnly = await newToken(developer.client, { name: 'reader', permission: 'read' });
    const scoped = await newToken(developer.client, { name: 'other app only', scope: otherApp.did });
    const { release } = await packAndSign(app);
    const { did: _did, ...withoutDid } = release;
    const queries = {
      'the app twice': `${new URLSearchParams({ ...release })}&did=${encodeURIComponent(release.did)}`,
      'the scoped app and this one': `${new URLSearchParams({ ...release })}&did=${encodeURIComponent(otherApp.did)}`,
      'no app': String(new URLSearchParams(withoutDid)),
    };
    for (const [name, query] of Object.entries(queries))
      for (const [token, code] of [
        [readOnly, 'ACCESS_TOKEN_READ_ONLY'],
        [scoped, 'ACCESS_TOKEN_OUT_OF_SCOPE'],
      ] as const) {
        const answer = await askToUpload(token.secret, query, 20 * 1024 * 1024);
        expect(answer, `${token.name}, ${name}`).toEqual({ status: 403, code, toldToContinue: false });
      }
    expect(await readdir(join(server.database.dataDir, 'uploads')).catch(() => [])).toEqual([]);
    expect(await versionsOf(app.did)).toEqual([]);
  });

  it('lets a token in scope read and download its developer’s draft, and nobody else’s token', async () => {
    const developer = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    const uploaded = await upload((await newToken(developer.client)).secret, await packAndSign(app));
    expect(uploaded.status).toBe(201);
    const draftUrl = `${server.url}${uploaded.body.version.download_url}`;
    const read = (secret: string, url: string) =>
      fetch(url, { headers: { authorization: `Bearer ${secret}` } }).then((response) => response.status);

    for (const token of [
      await newToken(developer.client, { name: 'reader', permission: 'read' }),
      await newToken(developer.client, { name: 'this app', permission: 'read', scope: app.did }),
    ]) {
      expect(await read(token.secret, draftUrl)).toBe(200);
      expect(await read(token.secret, `${server.url}/api/apps/${app.did}`)).toBe(200);
    }
    // A token of another of their apps, and another developer's token, see no draft: 404, as anybody.
    const otherApp = await makeApp({ metadata: { name: randomName() } });
    const elsewhere = await newToken(developer.client, {
      name: 'elsewhere',
      permission: 'read',
      scope: otherApp.did,
    });
    const stranger = await newToken((await newDeveloper()).client, { name: 'stranger', permission: 'read' });
    for (const token of [elsewhere, stranger]) {
      expect(await read(token.secret, draftUrl)).toBe(404);
      expect(await read(token.secret, `${server.url}/api/apps/${app.did}`)).toBe(404);
    }
  });

  it("cannot publish another developer's app, even holding the app's key and a token for all apps", async () => {
    const first = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    expect((await upload((await newToken(first.client)).secret, await packAndSign(app))).status).toBe(201);
    const second = await newDeveloper();
    const answer = await upload((await newToken(second.client)).secret, await nextVersion(app, '2.0.0'));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('APP_NOT_YOURS');
  });

  it('refuses a release signed by another key than the app’s, token or not', async () => {
    const developer = await newDeveloper();
    const app = await makeApp({ metadata: { name: randomName() } });
    const stranger = await makeApp({ metadata: { name: randomName() } });
    const forged = await packAndSign(app, { signWith: stranger.privateKey });
    const answer = await upload((await newToken(developer.client)).secret, forged);
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { path: string }) => d.path)).toEqual(['WRONG_SIGNER']);
  });

  it('stops a token whose developer lost the developer role', async () => {
    const developer = await newDeveloper();
    const token = await newToken(developer.client);
    const passport = (await developer.client.request('/api/session')).body.user.passports.find(
      (p: { role: string }) => p.role === 'developer',
    );
    await owner.request(`/api/passports/${passport.id}`, { method: 'DELETE' });
    const app = await makeApp({ metadata: { name: randomName() } });
    const answer = await upload(token.secret, await packAndSign(app));
    expect(answer.status).toBe(403);
    expect(await versionsOf(app.did)).toEqual([]);
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}
