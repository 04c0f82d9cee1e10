import { migrateToLatest, openDatabase } from '@kiosk/db';
import { createTestDatabase, testEngines } from '@kiosk/db/testing';
import { sql, type Insertable, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storeMigrations, type StoreTables } from '../tables.ts';
import { searchTerms, textMatches } from './search.ts';
import { publishedAppRow } from './published-app-row.ts';
import type { AppRow } from './table.ts';

/** A store made before the search learnt Chinese pairs keeps every app findable after upgrading. */
const UNSPACED = '20261127_41_store_app_search_unspaced';

describe.each(await testEngines())('upgrading the store search on %s', (engine) => {
  it('indexes the apps already there, and those written after', async () => {
    const test = await createTestDatabase(engine);
    const database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    try {
      const before = Object.fromEntries(Object.entries(storeMigrations).filter(([name]) => name < UNSPACED));
      await migrateToLatest(database, [before]);
      const db = database.db as Kysely<StoreTables>;
      const app = (id: string, description: string) =>
        publishedAppRow({ id, title: 'Notes', description, developer_did: 'did:pkh:eip155:1:0xupgrade' });
      // Written as the store was then: with no accepts_donations column yet.
      const { accepts_donations: _, ...then } = app('did:old', '天气预报');
      await db
        .insertInto('store_apps')
        .values(then as Insertable<AppRow>)
        .execute();

      expect((await migrateToLatest(database, [storeMigrations])).applied).toContain(UNSPACED);
      await db.insertInto('store_apps').values(app('did:new', '预报天气')).execute();
      const found = async (q: string) => {
        const { apps } = textMatches(engine, searchTerms(q), false);
        const { rows } = await sql<{ id: string }>`select id from ${apps} as a order by id`.execute(db);
        return rows.map((row) => row.id);
      };
      expect(await found('预报')).toEqual(['did:new', 'did:old']);
      expect(await found('气预')).toEqual(['did:old']);
      expect(await found('notes')).toEqual(['did:new', 'did:old']);
    } finally {
      await database.close();
      await test.dispose();
    }
  });
});
