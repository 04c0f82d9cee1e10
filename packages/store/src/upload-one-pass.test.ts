import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
import {
  makeApp,
  packAndSign,
  removeTempDirs,
  signBytes,
  tarOf,
  type PackedApp,
} from '@kiosk/bundle/test-fixtures';
import type { StoreTables } from './tables.ts';

/**
 * An upload is read once, as it arrives (issue 27 item 5): counted, hashed, written and inspected in
 * one pass, and the file it was written to becomes the stored bundle. Whatever becomes of it, no
 * upload file stays behind, and a refused or abandoned upload stores nothing.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

afterAll(removeTempDirs);

describe.each(await testEngines())('an upload read once on %s', (engine) => {
  let server: TestServer;
  let developer: Client;
  let db: () => Kysely<StoreTables>;

  async function upload({ file, release }: PackedApp, bytes?: Uint8Array<ArrayBuffer>) {
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
        body: bytes ?? (await readFile(file)),
      },
    );
    return { status: response.status, body: (await response.json()) as any };
  }

  const uploads = () => readdir(join(server.database.dataDir, 'uploads')).catch(() => []);

  async function bundleFiles(): Promise<string[]> {
    const root = join(server.database.dataDir, 'bundles');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  }

  const versionsOf = async (did: string) =>
    db().selectFrom('store_app_versions').select('version').where('app_did', '=', did).execute();

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { owner } = await merchantOf(server);
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    developer = await signedIn(server, wallet);
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  it('stores the received file itself and keeps no upload file', async () => {
    const app = await makeApp({
      metadata: { name: randomName() },
      files: { 'data.bin': randomBytes(3_000_000) },
    });
    const packed = await packAndSign(app);
    const before = await bundleFiles();
    const answer = await upload(packed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.version.integrity).toBe(packed.release.integrity);

    const added = (await bundleFiles()).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect((await readFile(added[0]!)).equals(await readFile(packed.file))).toBe(true);
    // The upload's own name is gone: the bundle is the one link left to the bytes.
    expect((await stat(added[0]!)).nlink).toBe(1);
    expect(await uploads()).toEqual([]);
  });

  it('answers only the integrity of bytes that are not the signed ones, and keeps nothing', async () => {
    const app = await makeApp({ metadata: { name: randomName() } });
    const tar = await tarOf((await packAndSign(app)).file);
    // The archive is read as it arrives and has a problem of its own; the integrity comes first.
    const crafted = await signBytes(app, gzipSync(Buffer.concat([tar, Buffer.from('package/x.js')])));
    const changed = await readFile(crafted.file);
    changed[changed.length >> 1]! ^= 0x01;
    const before = await bundleFiles();
    const answer = await upload(crafted, changed);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.details.map((d: { path: string }) => d.path)).toEqual(['INTEGRITY_MISMATCH']);
    expect((await upload(crafted)).body.details.map((d: { path: string }) => d.path)).toEqual([
      'BUNDLE_DATA_AFTER_END',
    ]);
    expect(await bundleFiles()).toEqual(before);
    expect(await uploads()).toEqual([]);
    expect(await versionsOf(app.did)).toEqual([]);
  });

  it('keeps nothing of an upload whose client goes away midway, and answers the next one', async () => {
    const app = await makeApp({
      metadata: { name: randomName() },
      files: { 'data.bin': randomBytes(2_000_000) },
    });
    const packed = await packAndSign(app);
    const bytes = await readFile(packed.file);
    const before = await bundleFiles();
    await new Promise<void>((resolve) => {
      const sending = httpRequest(
        `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...packed.release })}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/gzip',
            'content-length': String(bytes.length),
            cookie: developer.cookie,
          },
        },
      );
      sending.on('error', () => resolve());
      sending.write(bytes.subarray(0, bytes.length >> 1), () => setTimeout(() => sending.destroy(), 100));
      sending.on('close', () => resolve());
    });
    await expect.poll(uploads, { timeout: 5_000 }).toEqual([]);
    expect(await bundleFiles()).toEqual(before);
    expect(await versionsOf(app.did)).toEqual([]);

    expect((await upload(packed)).status).toBe(201);
    expect(await uploads()).toEqual([]);
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}
