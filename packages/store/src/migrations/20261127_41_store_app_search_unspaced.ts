import { createPostgresTextFunctions, type KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { shownOnStoreFront } from '../apps/table.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/**
 * Chinese and Japanese: both tokenisers take a run of such characters as one word, so "预报"
 * never found "天气预报". The index now also holds each run's characters and neighbouring pairs
 * (`kiosk_unspaced_grams`, @kiosk/db), which a query's run is looked up by (apps/search.ts).
 */
export const searchUnspacedScripts: KioskMigration = {
  async up(db, engine) {
    if (engine === 'postgres') {
      await createPostgresTextFunctions(db);
      await sql`alter table store_apps drop column search_vector`.execute(db);
      await sql`alter table store_apps add column search_vector tsvector generated always as (
          setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', title), 'B')
          || setweight(to_tsvector('simple', description), 'D')
          || setweight(to_tsvector('simple', kiosk_unspaced_grams(name || ' ' || title)), 'B')
          || setweight(to_tsvector('simple', kiosk_unspaced_grams(description)), 'D')) stored`.execute(db);
      await sql`create index store_apps_search on store_apps using gin (search_vector)
          with (fastupdate = off) where ${shownOnStoreFront()}`.execute(db);
      return;
    }
    for (const trigger of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger store_apps_search_${trigger}`).execute(db);
    await sql`drop table store_apps_search`.execute(db);
    await createSqliteSearchIndex(db, { grams: true });
  },
};
