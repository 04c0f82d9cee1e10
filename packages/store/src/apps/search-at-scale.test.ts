import { startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTables } from '../tables.ts';
import {
  FREQUENT_MATCHES,
  matchingApps,
  ORDER_INDEXES,
  POPULAR_CANDIDATES,
  RANKED_CANDIDATES,
  searchTerms,
  textMatches,
} from './search.ts';
import { publishedAppRow } from './published-app-row.ts';

/**
 * The store search once the store holds thousands of apps: how PostgreSQL runs it, counts that
 * stay whole past the candidates the score ranks, and what a frequent word's bounded candidates
 * (search.ts "Frequent words") keep: its most downloaded matches, the apps it names, exact sorts.
 */

const APPS = 3000;
/** Apps in the one category: more than the ranked candidates, so a count cut at them would show. */
const IN_CATEGORY = RANKED_CANDIDATES + 20;
/** Every RARE_EVERY-th app says "rarely": fewer apps than a frequent word's. */
const RARE_EVERY = 30;
/** Two apps named by the word every app's title holds ("Board"), downloaded by nobody, long ago. */
const NAMED = ['board', 'board-games'];

describe.each(await testEngines())('the store search at scale on %s', (engine) => {
  let server: TestServer;
  const db = () => server.app.kiosk.database.db as Kysely<StoreTables>;
  const front = async (query: string) =>
    (await (await fetch(`${server.url}/api/apps${query}`)).json()) as {
      list: { did: string }[];
      count: number;
    };

  beforeAll(async () => {
    server = await startTestServer(engine);
    const now = Math.floor(Date.now() / 1000);
    await db()
      .insertInto('store_categories')
      .values({ id: 'cat_tools', name: 'Tools', locales: '{}', created_at: now, updated_at: now })
      .execute();
    // Rows written directly: the point is what thousands of them do to the index, not how they came.
    const rows = Array.from({ length: APPS }, (_, i) =>
      publishedAppRow({
        id: `did:scale:${i}`,
        name: `scale-app-${i}`,
        // The first app also holds the rare word in its title: the best text match of that word.
        title: `Board number${i}${i === 0 ? ' rarely' : ''}`,
        description: `Everyday words, and one of its own: word${i}.${i % RARE_EVERY === 0 ? ' Rarely seen.' : ''}`,
        developer_did: 'did:pkh:eip155:1:0xscale',
        category_id: i < IN_CATEGORY ? 'cat_tools' : null,
        downloads: i,
        published_at: now - i,
        created_at: now,
        updated_at: now,
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('store_apps')
        .values(rows.slice(i, i + 500))
        .execute();
    await db()
      .insertInto('store_apps')
      .values(
        NAMED.map((name) =>
          publishedAppRow({
            id: `did:named:${name}`,
            name,
            title: 'Board',
            description: 'A game.',
            developer_did: 'did:pkh:eip155:1:0xscale',
            downloads: 0,
            published_at: now - 400 * 86_400,
            created_at: now,
            updated_at: now,
          }),
        ),
      )
      .execute();
    if (engine === 'postgres') await sql`analyze store_apps`.execute(db());
  });
  afterAll(() => server?.close());

  it('counts every match in a category, beyond the candidates it ranks', async () => {
    for (const sort of ['relevance', 'downloads', 'name'])
      expect((await front(`?q=everyday&category=tools&sort=${sort}`)).count, sort).toBe(IN_CATEGORY);
    expect((await front('?q=everyday')).count).toBe(APPS);
    expect(await front('?q=word1234')).toMatchObject({ count: 1, list: [{ did: 'did:scale:1234' }] });
  });

  const dids = async (query: string) => (await front(query)).list.map((app) => app.did);
  const scale = (from: number, step: number, n: number) =>
    Array.from({ length: n }, (_, k) => `did:scale:${from + k * step}`);

  it('ranks a frequent word among its most downloaded matches, after the apps it names', async () => {
    expect(APPS).toBeGreaterThan(FREQUENT_MATCHES);
    const board = await front('?q=board');
    expect(board.count).toBe(APPS + NAMED.length);
    // The exact name first, then the other name (its text part), then by downloads: no app of
    // the thousands, ranked by text alone, may push them off.
    expect(board.list.map((app) => app.did)).toEqual([
      'did:named:board',
      'did:named:board-games',
      ...scale(APPS - 1, -1, 18),
    ]);
  });

  it('reaches every match of a frequent word on the deeper pages', async () => {
    const pages = Math.ceil((APPS + NAMED.length) / 20);
    expect(pages * 20).toBeGreaterThan(POPULAR_CANDIDATES);
    // The last page: the least downloaded, which no candidate set of the first pages holds.
    expect(await dids(`?q=board&page=${pages}&pageSize=20`)).toEqual(['did:scale:1', 'did:scale:0']);
  });

  it('sorts a frequent word by downloads, date and name exactly', async () => {
    expect(await dids('?q=board&sort=downloads')).toEqual(scale(APPS - 1, -1, 20));
    expect(await dids('?q=board&sort=downloads&page=2')).toEqual(scale(APPS - 21, -1, 20));
    expect(await dids('?q=board&sort=newest')).toEqual(scale(0, 1, 20));
    expect(await dids('?q=board&sort=name&pageSize=5')).toEqual([
      'did:named:board',
      'did:named:board-games',
      'did:scale:0',
      'did:scale:1',
      'did:scale:10',
    ]);
  });

  it('ranks every match of a rarer word, the best text match first though nobody downloads it', async () => {
    const rarely = await front(`?q=rarely&pageSize=${Math.ceil(APPS / RARE_EVERY)}&explain=1`);
    expect(rarely.count).toBe(APPS / RARE_EVERY);
    expect(rarely.list).toHaveLength(APPS / RARE_EVERY);
    // did:scale:0 has no downloads, but the word in its title too: bounded to the most downloaded
    // candidates, it would not be here at all.
    expect(rarely.list[0]!.did).toBe('did:scale:0');
  });

  it('walks the index of each order to the same page as sorting the matches', async () => {
    const orders = {
      downloads: sql`a.downloads desc, a.published_at desc, a.id`,
      newest: sql`a.published_at desc, a.id`,
      name: sql`lower(a.title), lower(a.name), a.id`,
    };
    for (const [sort, index] of Object.entries(ORDER_INDEXES) as [keyof typeof ORDER_INDEXES, string][]) {
      const page = async (walk: (typeof ORDER_INDEXES)[typeof sort] | undefined) => {
        const apps = matchingApps(engine, searchTerms('board'), walk);
        const query = sql<{ id: string }>`select a.id from ${apps} as a order by ${orders[sort]} limit 5`;
        if (walk !== undefined && engine === 'postgres') {
          const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${query}`.execute(db());
          expect(JSON.stringify(rows[0]!['QUERY PLAN']), sort).toContain(`"Index Name":"${index}"`);
        }
        return (await query.execute(db())).rows.map((row) => row.id);
      };
      const sorted = await page(undefined);
      expect(sorted, sort).toHaveLength(5);
      expect(await page(ORDER_INDEXES[sort]), sort).toEqual(sorted);
    }
  });

  it.runIf(engine === 'postgres')(
    'finds a rare word through the text index just after thousands of apps arrive',
    async () => {
      const plan = async (q: string) => {
        const { apps } = textMatches('postgres', searchTerms(q), { candidates: RANKED_CANDIDATES });
        const { rows } = await sql<{
          'QUERY PLAN': unknown;
        }>`explain (format json) select * from ${apps} as a`.execute(db());
        return JSON.stringify(rows[0]!['QUERY PLAN']);
      };
      // A pending list of new entries (GIN's fast update) would price the index out: a table scan.
      expect(await plan('word1234')).toContain('"Index Name":"store_apps_search"');
      expect(await plan('word123')).toContain('"Index Name":"store_apps_search"');
    },
  );
});
