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
 * Apps through the real server (issue 12 items 1 and 9): the developer's own list and edits, and
 * the store front, which shows only published, public, unblocked apps and never a draft.
 */

type Client = ReturnType<typeof cookieClient>;
const didOf = (wallet: TestWallet) => `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;

afterAll(removeTempDirs);

describe.each(await testEngines())('apps on %s', (engine) => {
  let server: TestServer;
  let owner: Client;
  let db: () => Kysely<StoreTables>;
  let clock: TestClock;

  async function newDeveloper(): Promise<Client> {
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const granted = await owner.request('/api/passports', {
      method: 'POST',
      body: { did: didOf(wallet), role: 'developer' },
    });
    expect(granted.status).toBe(201);
    return signedIn(server, wallet);
  }

  /** Uploads a new app's first version as `developer`; answers the upload's answer. */
  async function uploadApp(developer: Client, metadata: Record<string, unknown> = {}) {
    return upload(developer, await makeApp({ metadata: { name: randomName(), ...metadata } }));
  }

  /** Uploads the app's folder as it is now, packed and signed by its key. */
  async function upload(developer: Client, app: TestApp) {
    const { file, release } = await packAndSign(app);
    const response = await fetch(
      `${server.url}/api/developer/apps/upload?${new URLSearchParams({ ...release })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip', cookie: developer.cookie },
        body: await readFile(file),
      },
    );
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).toBe(201);
    return { ...body, file, source: app } as { app: any; version: any; file: string; source: TestApp };
  }

  /**
   * Publishes a version through the review workflow: the developer asks, an admin (the owner)
   * reviews and approves, the developer publishes. The store front shows it from the clock's now.
   */
  async function publish(developer: Client, did: string, version: string) {
    const path = (side: 'developer' | 'console') => `/api/${side}/apps/${did}/versions/${version}/review`;
    for (const [client, side, action] of [
      [developer, 'developer', 'requestReview'],
      [owner, 'console', 'startReview'],
      [owner, 'console', 'approve'],
      [developer, 'developer', 'publish'],
    ] as const) {
      const answer = await client.request(path(side), { method: 'POST', body: { action } });
      expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  }

  /** The admins' category list arrives with the admin console; until then a row by hand. */
  async function category(name: string): Promise<void> {
    const now = clock.nowUnix();
    await db()
      .insertInto('store_categories')
      .values({ id: `cat_${randomName()}`, name, locales: '{}', created_at: now, updated_at: now })
      .execute();
  }

  const front = async (query = '') => {
    const answer = await cookieClient(server.url).request(`/api/apps${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { list: { did: string; name: string }[]; count: number };
  };

  beforeAll(async () => {
    clock = new TestClock();
    server = await startTestServer(engine, { clock });
    owner = (await merchantOf(server)).owner;
    db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  });
  afterAll(() => server?.close());

  it("lists a developer's own apps, newest first, a page at a time", async () => {
    const [mine, theirs] = [await newDeveloper(), await newDeveloper()];
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push((await uploadApp(mine)).app.did);
      clock.advance({ seconds: 1 });
    }
    await uploadApp(theirs);

    const first = await mine.request('/api/developer/apps?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(first.body.list.map((a: { did: string }) => a.did)).toEqual([made[2], made[1]]);
    expect(first.body.list[0]).toMatchObject({ latest_version: '1.0.0', latest_status: 'draft' });
    const second = await mine.request('/api/developer/apps?pageSize=2&page=2');
    expect(second.body.list.map((a: { did: string }) => a.did)).toEqual([made[0]]);
  });

  it('lets the developer edit the app, and files it under a category of the store', async () => {
    const developer = await newDeveloper();
    const { app } = await uploadApp(developer);
    await category('Travel Guides');
    const answer = await developer.request(`/api/developer/apps/${app.did}`, {
      method: 'PUT',
      body: {
        title: 'Tide Tables',
        description: 'When the sea comes in.',
        category: 'travel guides',
        visibility: 'private',
        auto_publish: true,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      did: app.did,
      title: 'Tide Tables',
      description: 'When the sea comes in.',
      category: 'Travel Guides',
      visibility: 'private',
      auto_publish: true,
    });
    const uncategorised = await developer.request(`/api/developer/apps/${app.did}`, {
      method: 'PUT',
      body: { category: null },
    });
    expect(uncategorised.body.category).toBeNull();
    const unknown = await developer.request(`/api/developer/apps/${app.did}`, {
      method: 'PUT',
      body: { category: 'Astrology' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CATEGORY_NOT_FOUND');
  });

  it("refuses a developer editing another developer's app, and answers 404 for no app", async () => {
    const { app } = await uploadApp(await newDeveloper());
    const other = await newDeveloper();
    const refused = await other.request(`/api/developer/apps/${app.did}`, {
      method: 'PUT',
      body: { title: 'Mine now' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('APP_NOT_YOURS');
    const missing = await other.request('/api/developer/apps/did:pkh:eip155:1:0x0', {
      method: 'PUT',
      body: { title: 'Nobody' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('APP_NOT_FOUND');
  });

  it('shows only published, public, unblocked apps on the store front', async () => {
    const developer = await newDeveloper();
    const draft = (await uploadApp(developer)).app.did;
    const shown = (await uploadApp(developer)).app.did;
    const hidden = (await uploadApp(developer)).app.did;
    const blocked = (await uploadApp(developer)).app.did;
    for (const did of [shown, hidden, blocked]) await publish(developer, did, '1.0.0');
    await developer.request(`/api/developer/apps/${hidden}`, {
      method: 'PUT',
      body: { visibility: 'private' },
    });
    await db()
      .updateTable('store_apps')
      .set({ blocked: true, block_reason: 'spam' })
      .where('id', '=', blocked)
      .execute();

    const listed = (await front('?pageSize=100')).list.map((a) => a.did);
    expect(listed).toContain(shown);
    for (const did of [draft, hidden, blocked]) expect(listed).not.toContain(did);
  });

  it('answers 404 for an app nobody may see yet, but shows it all to its developer and the admins', async () => {
    const developer = await newDeveloper();
    const { app, version, source } = await uploadApp(developer);
    const stranger = await signedIn(server, TestWallet.random());
    expect((await stranger.request(`/api/apps/${app.did}`)).status).toBe(404);
    expect((await cookieClient(server.url).request(`/api/apps/${app.did}`)).status).toBe(404);

    for (const privileged of [developer, owner]) {
      const seen = await privileged.request(`/api/apps/${app.did}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ did: app.did, latest_status: 'draft', version: null });
      expect(seen.body.versions).toEqual([version]);
    }

    // Once 1.0.0 is published, strangers see it, and still not the draft that follows.
    await publish(developer, app.did, '1.0.0');
    source.metadata.version = '1.1.0';
    await writeFile(join(source.dir, 'kiosk.json'), JSON.stringify(source.metadata));
    expect((await upload(developer, source)).version.status).toBe('draft');
    const seen = await stranger.request(`/api/apps/${app.did}`);
    expect(seen.status).toBe(200);
    expect(seen.body.version).toBe('1.0.0');
    expect(seen.body.versions.map((v: { version: string }) => v.version)).toEqual(['1.0.0']);
    expect(seen.body).not.toHaveProperty('latest_version');
  });

  it('searches names, titles and descriptions, by category, in the order asked for', async () => {
    const developer = await newDeveloper();
    await category('Marine Life');
    const term = randomName().slice(0, 8);
    const exact = await uploadApp(developer, { name: term, title: 'Plain', category: 'Marine Life' });
    const titled = await uploadApp(developer, {
      name: `${term}_maps`,
      title: 'Zebra Maps',
      description: 'Charts.',
      category: 'Marine Life',
    });
    const described = await uploadApp(developer, {
      title: 'Other',
      description: `Made with ${term} inside.`,
    });
    for (const { app } of [exact, titled, described]) {
      await publish(developer, app.did, '1.0.0');
      clock.advance({ seconds: 10 });
    }
    await db().updateTable('store_apps').set({ downloads: 50 }).where('id', '=', described.app.did).execute();

    const dids = async (query: string) => (await front(query)).list.map((a) => a.did);
    expect(await dids(`?q=${term}`)).toEqual([exact.app.did, titled.app.did, described.app.did]);
    expect(await dids(`?q=${term}&sort=downloads`)).toEqual([
      described.app.did,
      titled.app.did,
      exact.app.did,
    ]);
    expect(await dids(`?q=${term}&sort=newest`)).toEqual([described.app.did, titled.app.did, exact.app.did]);
    expect(await dids(`?q=${term}&sort=name`)).toEqual([described.app.did, exact.app.did, titled.app.did]);
    expect(await dids(`?q=${term}&category=marine%20life`)).toEqual([exact.app.did, titled.app.did]);
    expect((await front(`?q=${term}&pageSize=1`)).count).toBe(3);
    // LIKE's wildcards are searched for as they are.
    expect((await front(`?q=${encodeURIComponent('%')}`)).count).toBe(0);
  });

  it('finds every word as a prefix, in any script, follows edits, and explains each score', async () => {
    const developer = await newDeveloper();
    const [word, older] = [randomName(), randomName()];
    const weather = await uploadApp(developer, {
      title: `${word} Weather Board`,
      description: 'Rain and sun, hour by hour.',
    });
    const notes = await uploadApp(developer, {
      title: `${older} Notes`,
      description: `Notes that know the ${word} forecast. 天气预报`,
    });
    for (const { app } of [weather, notes]) await publish(developer, app.did, '1.0.0');
    const dids = async (query: string) => (await front(query)).list.map((a) => a.did);

    // Every word must match, each as the start of a word, in any order and case.
    expect(await dids(`?q=${word.slice(0, 5).toUpperCase()}%20weath`)).toEqual([weather.app.did]);
    expect(await dids(`?q=forecast%20${word}`)).toEqual([notes.app.did]);
    expect(await dids(`?q=${word}%20nowhere${randomName()}`)).toEqual([]);
    expect(await dids(`?q=${encodeURIComponent('天气')}`)).toEqual([notes.app.did]);
    // Chinese has no spaces between words: any part of a run finds it, and only a part of it.
    for (const part of ['预报', '气预报', '天气预报', '报', '天气 预报'])
      expect(await dids(`?q=${encodeURIComponent(part)}`), part).toEqual([notes.app.did]);
    for (const stranger of ['报天', '雨'])
      expect(await dids(`?q=${encodeURIComponent(stranger)}`), stranger).toEqual([]);
    // A title match outranks a description match.
    expect(await dids(`?q=${word}`)).toEqual([weather.app.did, notes.app.did]);
    // Two letters are a whole word, not the start of every word that begins so.
    expect(await dids(`?q=${word.slice(0, 2)}`)).not.toContain(weather.app.did);
    // A blocked app leaves the index with the store front, and comes back with it.
    const block = (action: 'block' | 'unblock') =>
      owner.request(`/api/console/apps/${weather.app.did}/${action}`, {
        method: 'PUT',
        body: action === 'block' ? { reason: 'Under investigation' } : {},
      });
    expect((await block('block')).status).toBe(200);
    expect(await dids(`?q=${word}`)).toEqual([notes.app.did]);
    expect((await front(`?q=${word}`)).count).toBe(1);
    expect((await block('unblock')).status).toBe(200);
    expect(await dids(`?q=${word}`)).toEqual([weather.app.did, notes.app.did]);

    // The index follows the developer's edits.
    const edited = await developer.request(`/api/developer/apps/${notes.app.did}`, {
      method: 'PUT',
      body: { title: 'Jotter' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await dids(`?q=${older}`)).toEqual([]);
    expect(await dids(`?q=jott%20${word}`)).toEqual([notes.app.did]);

    // A month after publishing, with 100 downloads: each part is half, and the weights add up.
    const monthAgo = clock.nowUnix() - 30 * 86_400;
    const ours = [notes.app.did, weather.app.did];
    await db().updateTable('store_apps').set({ published_at: monthAgo }).where('id', 'in', ours).execute();
    await db().updateTable('store_apps').set({ downloads: 100 }).where('id', '=', notes.app.did).execute();
    type Scored = { did: string; score: Record<string, number> };
    const explained = (await front(`?q=${word}&explain=1`)).list as unknown as Scored[];
    const scoreOf = (did: string) => explained.find((a) => a.did === did)!.score;
    expect(scoreOf(notes.app.did)).toMatchObject({ popularity: 0.5, freshness: 0.5, exact_name: 0 });
    expect(scoreOf(notes.app.did).text).toBeLessThan(1);
    expect(scoreOf(weather.app.did)).toMatchObject({ text: 1, popularity: 0, freshness: 0.5, exact_name: 0 });
    const totals = explained.map((a) => a.score.total!);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    for (const { score } of explained)
      expect(score.total).toBeCloseTo(
        0.6 * score.text! + 0.25 * score.popularity! + 0.15 * score.freshness! + score.exact_name!,
        5,
      );
    // Typing the app's own name puts it first, whatever else ranks higher.
    const named = (await front(`?q=${weather.app.name}&explain=1`)).list as unknown as Scored[];
    expect(named[0]).toMatchObject({ did: weather.app.did, score: { exact_name: 1 } });
    expect((await front(`?q=${word}`)).list[0]).not.toHaveProperty('score');
  });

  it('counts a download of a published version once, from its first byte', async () => {
    const developer = await newDeveloper();
    const { app, version, file } = await uploadApp(developer);
    await publish(developer, app.did, '1.0.0');
    const url = `${server.url}${version.download_url}`;
    const size = (await readFile(file)).length;

    expect((await fetch(url)).status).toBe(200);
    // Resuming the same download, asking for headers, or revalidating is not another download.
    expect((await fetch(url, { headers: { range: `bytes=100-${size - 1}` } })).status).toBe(206);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(url, { headers: { 'if-none-match': `"${version.integrity}"` } })).status).toBe(304);

    const downloads = await db()
      .selectFrom('store_downloads')
      .selectAll()
      .where('app_did', '=', app.did)
      .execute();
    expect(downloads).toEqual([
      {
        id: expect.stringMatching(/^dl_/),
        app_did: app.did,
        version: '1.0.0',
        downloader_did: null,
        at: expect.anything(),
      },
    ]);
    expect((await front(`?q=${app.name}`)).list).toEqual([
      expect.objectContaining({ did: app.did, downloads: 1 }),
    ]);
    // The developer console's last 30 days: today's download, one three days ago, none from before.
    const now = clock.nowUnix();
    await db()
      .insertInto('store_downloads')
      .values([
        {
          id: 'dl_three_days',
          app_did: app.did,
          version: '1.0.0',
          downloader_did: null,
          at: now - 3 * 86_400,
        },
        {
          id: 'dl_long_ago',
          app_did: app.did,
          version: '1.0.0',
          downloader_did: null,
          at: now - 40 * 86_400,
        },
      ])
      .execute();
    const chart = await developer.request(`/api/developer/apps/${app.did}/analytics`);
    expect(chart.status).toBe(200);
    expect(chart.body.totals.downloads).toBe(2);
    expect(chart.body.days).toHaveLength(30);
    const dayOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
    expect(chart.body.days.at(-1)).toMatchObject({ date: dayOf(now), downloads: 1 });
    expect(chart.body.days.at(-4)).toMatchObject({ date: dayOf(now - 3 * 86_400), downloads: 1 });
    expect((await owner.request(`/api/developer/apps/${app.did}/analytics`)).status).toBe(200);
    expect((await (await newDeveloper()).request(`/api/developer/apps/${app.did}/analytics`)).status).toBe(
      403,
    );
  });
});

/** An app name nobody else in the test has: letters only, as names must be. */
function randomName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
    String.fromCharCode(97 + (b % 26)),
  ).join('');
}
