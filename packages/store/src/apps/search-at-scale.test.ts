import { startTestServer, testEngines, type TestServer } from '@kiosk/testkit';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTables } from '../tables.ts';
import { RANKED_CANDIDATES, searchTerms, textMatches } from './search.ts';
import { publishedAppRow } from './published-app-row.ts';

/**
 * The store search once the store holds thousands of apps: how PostgreSQL runs it, and counts that
 * stay whole past the candidates the score ranks.
 */

const APPS = 3000;
/** Apps in the one category: more than the ranked candidates, so a count cut at them would show. */
const IN_CATEGORY = RANKED_CANDIDATES + 20;

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
        title: `Board number${i}`,
        description: `Everyday words, and one of its own: word${i}.`,
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
    if (engine === 'postgres') await sql`analyze store_apps`.execute(db());
  });
  afterAll(() => server?.close());

  it('counts every match in a category, beyond the candidates it ranks', async () => {
    for (const sort of ['relevance', 'downloads', 'name'])
      expect((await front(`?q=everyday&category=tools&sort=${sort}`)).count, sort).toBe(IN_CATEGORY);
    expect((await front('?q=everyday')).count).toBe(APPS);
    expect(await front('?q=word1234')).toMatchObject({ count: 1, list: [{ did: 'did:scale:1234' }] });
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
