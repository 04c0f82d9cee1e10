import { readFile } from 'node:fs/promises';
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

  async function upload(client: Client, { file, release }: PackedApp) {
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
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
