import { migrateToLatest, openDatabase } from '@kiosk/db';
import { createTestDatabase, testEngines } from '@kiosk/db/testing';
import type { Insertable, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { publishedAppRow } from '../apps/published-app-row.ts';
import type { AppRow } from '../apps/table.ts';
import { storeMigrations, type StoreTables } from '../tables.ts';

/** The developer's donation switch came after apps did: an upgrade changes no app page. */
const SWITCH = '20261130_30_store_app_donations';

describe.each(await testEngines())('upgrading to the developer’s donation switch on %s', (engine) => {
  it('keeps the apps already there taking donations, and starts new ones without', async () => {
    const test = await createTestDatabase(engine);
    const database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    try {
      const before = Object.fromEntries(Object.entries(storeMigrations).filter(([name]) => name < SWITCH));
      await migrateToLatest(database, [before]);
      const db = database.db as Kysely<StoreTables>;
      const app = (id: string) =>
        publishedAppRow({
          id,
          title: 'Notes',
          description: 'Notes on the wall.',
          developer_did: 'did:pkh:eip155:1:0xupgrade',
        });
      // Written as the store was then: with no accepts_donations column yet.
      const { accepts_donations: _, ...then } = app('did:old');
      await db
        .insertInto('store_apps')
        .values(then as Insertable<AppRow>)
        .execute();

      expect((await migrateToLatest(database, [storeMigrations])).applied).toContain(SWITCH);
      await db.insertInto('store_apps').values(app('did:new')).execute();
      const rows = await db
        .selectFrom('store_apps')
        .select(['id', 'accepts_donations'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.id, Boolean(row.accepts_donations)])).toEqual([
        ['did:new', false],
        ['did:old', true],
      ]);
    } finally {
      await database.close();
      await test.dispose();
    }
  });
});
