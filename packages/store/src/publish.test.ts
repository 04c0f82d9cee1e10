import { readdir, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
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
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_MAX_BYTES } from '@kiosk/bundle';
import { makeApp, packAndSign, removeTempDirs, type PackedApp } from '@kiosk/bundle/test-fixtures';
import type { StoreTables } from './tables.ts';

/**
 * Publishing through the real server (issue 12 items 1, 2 and 6): a developer uploads a bundle
 * packed and signed as `kiosk publish` does, the store checks it and keeps it, and only those who may
 * see a version can download it.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

afterAll(removeTempDirs);

describe.each(await testEngines())('publishing a version on %s', (engine) => {
  let server: TestServer;
  let owner: Client;
  let developer: Client;
  let developerDid: string;
  let db: () => Kysely<StoreTables>;

  /** A signed-in user holding the developer passport, granted by the owner through the API. */
  async function newDeveloper(): Promise<{ client: Client; did: string }> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }

  /** POSTs the tarball as the raw body with its release in the query, as the upload protocol says. */
  async function upload(
    client: Client,
    { file, release }: PackedApp,
    options: { requestReview?: boolean; locale?: string } = {},
  ) {
    const query = new URLSearchParams({ ...release });
    if (options.requestReview) query.set('request_review', '1');
    if (options.locale) query.set('locale', options.locale);
    const response = await fetch(`${server.url}/api/developer/apps/upload?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip', ...(client.cookie ? { cookie: client.cookie } : {}) },
      body: await readFile(file),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const codesOf = (answer: { body: { details?: { path: string }[] } }) =>
    answer.body.details?.map((detail) => detail.path);

  async function packedApp(metadata: Record<string, unknown> = {}) {
    const app = await makeApp({ metadata: { name: randomName(), ...metadata } });
    return { app, packed: await packAndSign(app) };
  }

  async function bundleFiles(): Promise<string[]> {
    const walk = async (dir: string): Promise<string[]> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const nested = await Promise.all(
        entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
      );
      return nested.flat();
    };
    return walk(join(server.database.dataDir, 'bundles'));
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    owner = (await merchantOf(server)).owner;
    ({ client: developer, did: developerDid } = await newDeveloper());
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  it('creates the app and its version as a draft from a real signed bundle', async () => {
    const { app, packed } = await packedApp();
    const answer = await upload(developer, packed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.version).toMatchObject({
      object: 'app_version',
      app_did: app.did,
      version: '1.0.0',
      status: 'draft',
      integrity: packed.release.integrity,
      signature: packed.release.signature,
      size: (await readFile(packed.file)).length,
      download_url: `/api/apps/${app.did}/1.0.0/${app.metadata.name}-1.0.0.tgz`,
    });
    expect(answer.body.app).toMatchObject({
      did: app.did,
      name: app.metadata.name,
      title: 'Weather Board',
      developer_did: developerDid,
      visibility: 'public',
      latest_version: '1.0.0',
      latest_status: 'draft',
      version: null,
    });
    const events = await (db() as Kysely<any>)
      .selectFrom('events')
      .select('type')
      .where('object_id', 'in', [app.did, answer.body.version.id])
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual(['app.created', 'app_version.created']);
  });

  it('makes the version pending when review is asked for in the same request', async () => {
    const { packed } = await packedApp();
    const answer = await upload(developer, packed, { requestReview: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.version.status).toBe('pending');
    expect(answer.body.version.status_transitions.pending).toEqual(expect.any(Number));
    expect(answer.body.app.latest_status).toBe('pending');
  });

  it('serves a draft to its developer, whole and by range, and to nobody else', async () => {
    const { packed } = await packedApp();
    const { body } = await upload(developer, packed);
    const url = `${server.url}${body.version.download_url}`;
    const bytes = await readFile(packed.file);

    const whole = await fetch(url, { headers: { cookie: developer.cookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('etag')).toBe(`"${packed.release.integrity}"`);
    // Sent as stored: a gzip tarball is not compressed again, so lengths and ranges are its bytes'.
    expect(whole.headers.get('content-encoding')).toBeNull();
    // The developer's bytes, opened in a browser, are never sniffed into a page nor run a script.
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(url, { headers: { cookie: developer.cookie, range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 100))).toBe(true);

    const head = await fetch(url, { method: 'HEAD', headers: { cookie: developer.cookie } });
    expect(head.headers.get('content-length')).toBe(String(bytes.length));

    const stranger = await signedIn(server, TestWallet.random());
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await stranger.request(`/api/apps/${body.app.did}`)).status).toBe(404);
    // A draft is not counted: it is its developer checking it, not a user downloading it.
    expect(await db().selectFrom('store_downloads').selectAll().execute()).toEqual([]);
  });

  it('answers the version itself to a client asking for JSON at the download address', async () => {
    const { packed } = await packedApp();
    const { body } = await upload(developer, packed);
    const answer = await developer.request(body.version.download_url, {
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(body.version);
  });

  it('refuses a bundle signed by another key than the app’s, in the developer’s language', async () => {
    const app = await makeApp();
    const packed = await packAndSign(app, { signWith: generatePrivateKey() });
    const answer = await upload(developer, packed);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('BUNDLE_REFUSED');
    expect(codesOf(answer)).toEqual(['WRONG_SIGNER']);
    const zh = await upload(developer, packed, { locale: 'zh' });
    expect(zh.body.details[0].message).toContain(`不是由 ${app.did} 的密钥签名的`);
    expect(await db().selectFrom('store_apps').select('id').where('id', '=', app.did).execute()).toEqual([]);
  });

  it('refuses an SVG logo that could run script when shown, in the developer’s language', async () => {
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><circle r="1" onclick="steal()"/></svg>';
    const app = await makeApp({
      metadata: { name: randomName(), logo: 'logo.svg' },
      files: { 'logo.svg': logo },
    });
    const packed = await packAndSign(app);
    const answer = await upload(developer, packed);
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['LOGO_UNSAFE_SVG']);
    expect(answer.body.details[0].message).toContain('onclick');
    const zh = await upload(developer, packed, { locale: 'zh' });
    expect(zh.body.details[0].message).toContain('图标 logo.svg');
    expect(await db().selectFrom('store_apps').select('id').where('id', '=', app.did).execute()).toEqual([]);
  });

  it('refuses a version that is not higher than every version uploaded before', async () => {
    const { app, packed } = await packedApp({ version: '2.0.0' });
    expect((await upload(developer, packed)).status).toBe(201);
    for (const version of ['2.0.0', '1.9.9']) {
      app.metadata.version = version;
      await makeAppJson(app);
      const answer = await upload(developer, await packAndSign(app));
      expect(answer.status).toBe(400);
      expect(codesOf(answer)).toEqual(['VERSION_NOT_INCREASING']);
    }
    app.metadata.version = '2.0.1';
    await makeAppJson(app);
    expect((await upload(developer, await packAndSign(app))).status).toBe(201);
  });

  it("refuses a name too close to another app's, listing it with the bundle's other problems", async () => {
    await upload(developer, (await packedApp({ name: 'tide-tables' })).packed);
    const other = await newDeveloper();
    const squat = await makeApp({ metadata: { name: 'Tide_Tabbles', title: ' ' } });
    const answer = await upload(other.client, await packAndSign(squat));
    expect(answer.status).toBe(400);
    expect(codesOf(answer)).toEqual(['METADATA_INVALID', 'NAME_TOO_CLOSE']);
    expect(answer.body.details[1].message).toBe('This name is too close to the existing app "tide-tables"');
  });

  it('refuses an upload over the limit with 413 and writes nothing, declared or not', async () => {
    const { packed } = await packedApp();
    const filesBefore = await bundleFiles();
    const appsBefore = await db().selectFrom('store_apps').select('id').execute();
    const query = new URLSearchParams({ ...packed.release });
    const send = (body: BodyInit, extra: RequestInit = {}) =>
      fetch(`${server.url}/api/developer/apps/upload?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
        body,
        ...extra,
      });

    // Declared too large: refused from the headers, before a byte of the body is sent, and a client
    // that asks first (Expect: 100-continue, as the CLI does) is never told to go on.
    let toldToContinue = false;
    const declared = await new Promise<{ status: number; code: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer before the body was sent')), 5_000);
      const sending = httpRequest(
        `${server.url}/api/developer/apps/upload?${query}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/gzip',
            'content-length': String(BUNDLE_MAX_BYTES + 1),
            cookie: developer.cookie,
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            clearTimeout(timer);
            resolve({ status: response.statusCode!, code: (JSON.parse(text) as { code: string }).code });
          });
        },
      );
      sending.on('error', reject);
      sending.on('continue', () => (toldToContinue = true));
      sending.flushHeaders();
    });
    expect(declared).toEqual({ status: 413, code: 'UPLOAD_TOO_LARGE' });
    expect(toldToContinue).toBe(false);

    // Chunked: no Content-Length, so the bytes themselves run past the limit.
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > BUNDLE_MAX_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const chunked = await send(stream, { duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);

    expect(await readdir(join(server.database.dataDir, 'uploads'))).toEqual([]);
    expect(await bundleFiles()).toEqual(filesBefore);
    expect(await db().selectFrom('store_apps').select('id').execute()).toEqual(appsBefore);
  });

  it('refuses a member without the developer passport', async () => {
    const member = await signedIn(server, TestWallet.random());
    const answer = await upload(member, (await packedApp()).packed);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
  });

  it("refuses a developer uploading a version of another developer's app", async () => {
    const { app, packed } = await packedApp();
    expect((await upload(developer, packed)).status).toBe(201);
    app.metadata.version = '1.1.0';
    await makeAppJson(app);
    // Even with the app's key in hand, the app is its developer's.
    const other = await newDeveloper();
    const answer = await upload(other.client, await packAndSign(app));
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('APP_NOT_YOURS');
    const versions = await db()
      .selectFrom('store_app_versions')
      .select('version')
      .where('app_did', '=', app.did)
      .execute();
    expect(versions).toEqual([{ version: '1.0.0' }]);
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}

/** Rewrites kiosk.json after a test changed the app's metadata. */
async function makeAppJson(app: { dir: string; metadata: Record<string, unknown> }) {
  await writeFile(join(app.dir, 'kiosk.json'), JSON.stringify(app.metadata, null, 2));
}
