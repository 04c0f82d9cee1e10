import { readFile } from 'node:fs/promises';
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
  paxEntry,
  removeTempDirs,
  signBytes,
  tarOf,
  type PackedApp,
  type TestApp,
} from '@kiosk/bundle/test-fixtures';
import type { StoreTables } from './tables.ts';

/**
 * Archives made to be read one way by the store and another way by the next reader (issue 21 items
 * 13 to 15), uploaded signed through the real server: each is refused with its own reason, and none
 * keeps the server from answering anybody else.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

afterAll(removeTempDirs);

describe.each(await testEngines())('uploading a crafted archive on %s', (engine) => {
  let server: TestServer;
  let developer: Client;
  let db: () => Kysely<StoreTables>;

  async function upload(client: Client, { file, release }: PackedApp, locale = 'en') {
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release, locale })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: client.cookie },
        body: await readFile(file),
      },
    );
    return { status: response.status, body: (await response.json()) as any };
  }

  const codesOf = (answer: { body: { details?: { path: string }[] } }) =>
    answer.body.details?.map((detail) => detail.path);

  const appsNamed = async (app: TestApp) =>
    db().selectFrom('store_apps').select('id').where('id', '=', app.did).execute();

  beforeAll(async () => {
    server = await startTestServer(engine);
    const { owner } = await merchantOf(server);
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status).toBe(201);
    developer = await signedIn(server, wallet);
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  /** Runs `work` while another client asks `/api/health` every 20 ms; answers each ask's time. */
  async function whilePollingHealth<T>(work: () => Promise<T>): Promise<{ result: T; waits: number[] }> {
    const waits: number[] = [];
    let running = true;
    const poll = async () => {
      while (running) {
        const asked = performance.now();
        const response = await fetch(`${server.url}/api/health`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        waits.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const polling = poll();
    try {
      return { result: await work(), waits };
    } finally {
      running = false;
      await polling;
    }
  }

  it('refuses data after the end of the archive while health keeps answering within 100 ms', async () => {
    const app = await makeApp({ metadata: { name: randomName() } });
    const tar = await tarOf((await packAndSign(app)).file);
    // 24 MB of text-like bytes after the two zero blocks, about 280:1 in gzip (node-tar gives up by
    // itself only past 1000:1): under 100 KB more to upload, as the issue found it.
    const after = Buffer.alloc(24 * 1024 * 1024, 'a');
    for (let at = 0; at < after.length; at += 1536) after[at] = 0x61 + (at % 26);
    const crafted = await signBytes(app, gzipSync(Buffer.concat([tar, after])));

    const { result: answer, waits } = await whilePollingHealth(() => upload(developer, crafted));
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThan(100);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codesOf(answer)).toEqual(['BUNDLE_DATA_AFTER_END']);
    expect(await appsNamed(app)).toEqual([]);
  });

  it('refuses a global pax header that moves every path out of package/ for other tar readers', async () => {
    const app = await makeApp({ metadata: { name: randomName() } });
    const tar = await tarOf((await packAndSign(app)).file);
    const global = paxEntry({ path: '../../g-escape.txt' }, { global: true });
    const crafted = await signBytes(app, gzipSync(Buffer.concat([global, tar])));
    const answer = await upload(developer, crafted, 'zh');
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codesOf(answer)).toEqual(['ARCHIVE_GLOBAL_HEADER']);
    expect(answer.body.details[0].message).toContain('全局 tar 头（“pax_global_header”）');
    expect(await appsNamed(app)).toEqual([]);
  });

  it('refuses a plain, uncompressed tar as BUNDLE_UNREADABLE and keeps nothing', async () => {
    const app = await makeApp({ metadata: { name: randomName() } });
    const plain = await signBytes(app, await tarOf((await packAndSign(app)).file));
    const answer = await upload(developer, plain);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codesOf(answer)).toEqual(['BUNDLE_UNREADABLE']);
    expect(await appsNamed(app)).toEqual([]);
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}
