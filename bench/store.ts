/**
 * Issues 12 and 27: the store front's search over 100 000 published apps (p50 and p99 of single
 * requests through the real server, beside the bare route's in the same run), and publishing a 5 MB
 * and a 50 MB bundle through the real upload route (its checks, storage and review state) against
 * hashing and copying the same bytes, the least any upload must do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { BUNDLE_MAX_BYTES } from '@kiosk/bundle';
import { makeApp, packAndSign, removeTempDirs, writeTree, type TestApp } from '@kiosk/bundle/test-fixtures';
import { TestWallet } from '@kiosk/test-wallet';
import { merchantOf, signedIn, startTestServer, type TestServer } from '@kiosk/testkit';
import { publishedAppRow } from '@kiosk/store/test-fixtures';
import type { StoreTables } from '@kiosk/store/tables';
import { sql, type Kysely } from 'kysely';
import '../test/setup/test-server.ts';

export const SEARCH_APPS = Number(process.env.BENCH_SEARCH_APPS ?? 100_000);
const SEARCH_REQUESTS = 600;
const PUBLISH_BYTES = 5 * 1024 * 1024;
const PUBLISH_RUNS = 5;
// The 50 MB bundle: its data a little under the store's limit (BUNDLE_MAX_BYTES, 50 MiB), so that
// the packed bundle, headers and gzip's framing included, is still taken. Fewer runs: each packs 50 MB.
const PUBLISH_LARGE_BYTES = BUNDLE_MAX_BYTES - 256 * 1024;
const PUBLISH_LARGE_RUNS = 3;

// Words of app titles and descriptions as text has them: 3000 made-up words, the n-th most common
// used about 1/n as often as the first (Zipf's law), so a few words are in many apps, most in few.
const SYLLABLES =
  'ka lo mi ren su to va zen pri dor el quin ba ce fu gi ho ja ku ly ma ne ox pa qu ri sa te un vi wo xe yo za bri cla dro fle gra ste'.split(
    ' ',
  );
const VOCABULARY = [...new Set(Array.from({ length: 4000 }, (_, i) => wordOf(i)))].slice(0, 3000);
const ZIPF = VOCABULARY.reduce<number[]>(
  (sums, _, rank) => [...sums, (sums.at(-1) ?? 0) + 1 / (rank + 1)],
  [],
);

/** The n-th word: two or three syllables. */
function wordOf(n: number): string {
  let word = '';
  for (let i = n + SYLLABLES.length; i > 0; i = Math.floor(i / SYLLABLES.length))
    word += SYLLABLES[i % SYLLABLES.length];
  return word;
}

/** `n` in letters only, as app names must be: a unique name per app. */
const letters = (n: number) =>
  [...n.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');

function commonWord(): string {
  const target = Math.random() * ZIPF.at(-1)!;
  let [low, high] = [0, ZIPF.length - 1];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ZIPF[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low]!;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const words = (n: number) => Array.from({ length: n }, commonWord).join(' ');

/** SEARCH_APPS published, public apps inserted in batches (the FTS index fills through its triggers). */
async function seedApps(db: Kysely<StoreTables>, engine: 'sqlite' | 'postgres', now: number): Promise<void> {
  const rows = Array.from({ length: SEARCH_APPS }, (_, i) =>
    publishedAppRow({
      id: `did:bench:${i}`,
      name: `bench-${letters(i)}`,
      title: words(2),
      description: `${words(10)}.`,
      developer_did: 'did:pkh:eip155:1:0xbench',
      downloads: Math.floor(Math.random() ** 3 * 5000),
      published_at: now - Math.floor(Math.random() * 365 * 86_400),
      created_at: now,
      updated_at: now,
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('store_apps')
      .values(rows.slice(i, i + 500))
      .execute();
  // A store grows over months, and autovacuum's analyze keeps PostgreSQL's statistics of its words,
  // which the planner and the search's estimated counts read; seconds after a bulk load it has not
  // run yet. (SQLite's search keeps none.)
  if (engine === 'postgres') await sql`analyze store_apps`.execute(db);
}

/** What a visitor types: a word, two words, the start of a word, or a name; each sort. */
function searchUrls(): string[] {
  const sorts = ['relevance', 'relevance', 'relevance', 'downloads', 'newest', 'name'];
  return Array.from({ length: SEARCH_REQUESTS }, (_, i) => {
    const q = [pick(VOCABULARY), `${pick(VOCABULARY)} ${pick(VOCABULARY)}`, pick(VOCABULARY).slice(0, 3)][
      i % 3
    ]!;
    return `/api/apps?q=${encodeURIComponent(q)}&sort=${pick(sorts)}`;
  });
}

async function latencies(server: TestServer, paths: string[]): Promise<{ p50: number; p99: number }> {
  const taken: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    taken.push(performance.now() - started);
  }
  taken.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(taken[Math.min(taken.length - 1, Math.floor(q * taken.length))]! * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}

export interface SearchFigures {
  searchP50: number;
  searchP99: number;
  bareP50: number;
  bareP99: number;
}

export async function measureSearch(engine: 'sqlite' | 'postgres'): Promise<SearchFigures> {
  const server = await startTestServer(engine, {
    env: { KIOSK_JOB_POLL_MS: '1000' },
    prepare(app) {
      app.get('/bench/bare', { config: { access: ['public'] }, schema: { hide: true } }, async () => ({
        ok: true,
      }));
    },
  });
  try {
    await seedApps(
      server.app.kiosk.database.db as Kysely<StoreTables>,
      engine,
      Math.floor(Date.now() / 1000),
    );
    await latencies(server, searchUrls().slice(0, 100)); // warm-up
    const search = await latencies(server, searchUrls());
    const bare = await latencies(
      server,
      Array.from({ length: SEARCH_REQUESTS }, () => '/bench/bare'),
    );
    return { searchP50: search.p50, searchP99: search.p99, bareP50: bare.p50, bareP99: bare.p99 };
  } finally {
    await server.close();
  }
}

export interface PublishFigures {
  uploadMs: number;
  megabytesPerSecond: number;
  hashAndCopyMs: number;
}

/** Publishing a 5 MB and a 50 MB bundle, each beside hashing and copying the same bytes. */
export interface PublishResults {
  fiveMb: PublishFigures;
  fiftyMb: PublishFigures;
}

/**
 * Uploads PUBLISH_RUNS versions of one app, each a 5 MB bundle, then PUBLISH_LARGE_RUNS versions of
 * it at 50 MB, as a signed-in developer.
 */
export async function measurePublish(): Promise<PublishResults> {
  const server = await startTestServer('sqlite', { env: { KIOSK_JOB_POLL_MS: '1000' } });
  try {
    const { owner } = await merchantOf(server);
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    await owner.request('/api/passports', {
      method: 'POST',
      body: { did: `did:pkh:eip155:1:${wallet.address.toLowerCase()}`, role: 'developer' },
    });
    const developer = await signedIn(server, wallet);
    const app = await makeApp();
    const fiveMb = await publishVersions(server, developer.cookie, app, {
      minor: 0,
      bytes: PUBLISH_BYTES,
      runs: PUBLISH_RUNS,
    });
    const fiftyMb = await publishVersions(server, developer.cookie, app, {
      minor: 1,
      bytes: PUBLISH_LARGE_BYTES,
      runs: PUBLISH_LARGE_RUNS,
    });
    return { fiveMb, fiftyMb };
  } finally {
    await server.close();
    await removeTempDirs();
  }
}

/** Uploads `runs` versions `1.{minor}.{run}` of `app`, each `bytes` of incompressible data and little else. */
async function publishVersions(
  server: TestServer,
  cookie: string,
  app: TestApp,
  { minor, bytes: dataBytes, runs }: { minor: number; bytes: number; runs: number },
): Promise<PublishFigures> {
  // Incompressible bytes, so the bundle really is as large as its data.
  await writeTree(app.dir, { 'assets/data.bin': randomBytes(dataBytes) });
  const uploads: number[] = [];
  const copies: number[] = [];
  for (let run = 1; run <= runs; run++) {
    app.metadata.version = `1.${minor}.${run}`;
    await writeTree(app.dir, { 'kiosk.json': JSON.stringify(app.metadata) });
    const { file, release } = await packAndSign(app);
    const bytes = await readFile(file);

    const copyStarted = performance.now();
    createHash('sha512')
      .update(await readFile(file))
      .digest('base64');
    await copyFile(file, `${file}.copy`);
    copies.push(performance.now() - copyStarted);
    await rm(`${file}.copy`);

    const started = performance.now();
    const url = `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`;
    const { status, body } = await upload(url, cookie, bytes);
    if (status !== 201) throw new Error(`upload: ${status} ${body}`);
    uploads.push(performance.now() - started);
    await rm(file);
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const uploadMs = Math.round(median(uploads));
  return {
    uploadMs,
    megabytesPerSecond: Math.round((dataBytes / 1024 / 1024 / (uploadMs / 1000)) * 10) / 10,
    hashAndCopyMs: Math.round(median(copies) * 10) / 10,
  };
}

/**
 * POSTs `bytes` as the upload's body over node:http with a Content-Length, as the CLI sends a bundle,
 * the whole buffer handed to the socket at once. The client shares the server's thread, so it is
 * kept to its socket write (fetch copied the body and pumped it through a web stream, which counted
 * as the server's time).
 */
function upload(url: string, cookie: string, bytes: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sending = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip', 'content-length': bytes.length, cookie },
    });
    sending.on('error', reject);
    sending.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    sending.end(bytes);
  });
}

// `node --import tsx bench/store.ts` measures them alone (SQLite).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureSearch('sqlite'));
  console.log(await measurePublish());
}
