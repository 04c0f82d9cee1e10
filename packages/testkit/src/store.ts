import { readFile } from 'node:fs/promises';
import { makeApp, packAndSign, type FileTree } from '@kiosk/bundle/test-fixtures';
import type { Engine } from '@kiosk/db';
import { TestClock } from '@kiosk/platform';
import { TestWallet } from '@kiosk/test-wallet';
import type { Kysely } from 'kysely';
import { cookieClient, signedIn } from './clients.ts';
import { startTestServer, type TestServer } from './server.ts';

/**
 * A running store for tests through the real server: its owner (the first to sign in, an admin and
 * Kiosk Pay's merchant), a developer, members, and apps published through the whole review.
 */

export type Client = ReturnType<typeof cookieClient>;
export const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

export interface StoreWorld<DB = unknown> {
  server: TestServer;
  clock: TestClock;
  /** The server's database, typed as the test reads it (the store's tables). */
  db: () => Kysely<DB>;
  /** The store's owner: an admin. */
  owner: Client;
  ownerDid: string;
  developer: Client;
  developerDid: string;
  anonymous: Client;
  member(): Promise<{ client: Client; did: string }>;
  /** A new app of `developer`'s, published, on the store front; `files` join the bundle's usual ones. */
  publishedApp(metadata?: Record<string, unknown>, files?: FileTree): Promise<string>;
  /** The event types recorded for an object, oldest first. */
  eventsOf(objectId: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startStoreWorld<DB = unknown>(
  engine: Engine,
  options: { env?: Record<string, string> } = {},
): Promise<StoreWorld<DB>> {
  const clock = new TestClock();
  const server = await startTestServer(engine, { clock, env: options.env });
  // The first to sign in owns the instance (as merchantOf relies on).
  const ownerWallet = TestWallet.random();
  const owner = await signedIn(server, ownerWallet);
  const db = () => server.app.kiosk.database.db as Kysely<DB>;

  async function member() {
    const wallet = TestWallet.random();
    return { client: await signedIn(server, wallet), did: didOf(wallet) };
  }
  const developerWallet = TestWallet.random();
  await signedIn(server, developerWallet);
  const granted = await owner.request('/api/passports', {
    method: 'POST',
    body: { did: didOf(developerWallet), role: 'developer' },
  });
  ensure(granted.status === 201, JSON.stringify(granted.body));
  const developer = await signedIn(server, developerWallet);
  const ownerDid = didOf(ownerWallet);

  async function publishedApp(metadata: Record<string, unknown> = {}, files?: FileTree) {
    const { file, release } = await packAndSign(
      await makeApp({ metadata: { name: randomName(), ...metadata }, files }),
    );
    const uploaded = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
        body: await readFile(file),
      },
    );
    const body = (await uploaded.json()) as { app: { did: string } };
    ensure(uploaded.status === 201, JSON.stringify(body));
    const did = body.app.did;
    const path = (side: string) => `/api/${side}/apps/${did}/versions/1.0.0/review`;
    for (const [client, side, action] of [
      [developer, 'developer', 'requestReview'],
      [owner, 'console', 'startReview'],
      [owner, 'console', 'approve'],
      [developer, 'developer', 'publish'],
    ] as const) {
      const answer = await client.request(path(side), { method: 'POST', body: { action } });
      ensure(answer.status === 200, `${action}: ${JSON.stringify(answer.body)}`);
    }
    return did;
  }

  const eventsOf = async (objectId: string) =>
    (
      await (db() as unknown as Kysely<{ events: { id: string; type: string; object_id: string } }>)
        .selectFrom('events')
        .select('type')
        .where('object_id', '=', objectId)
        .orderBy('id')
        .execute()
    ).map((event) => event.type as string);

  return {
    server,
    clock,
    db,
    owner,
    ownerDid,
    developer,
    developerDid: didOf(developerWallet),
    anonymous: cookieClient(server.url),
    member,
    publishedApp,
    eventsOf,
    close: () => server.close(),
  };
}

/** An app name nobody else in the test has: letters only, as names must be. */
export function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}

function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`store world: ${message}`);
}
