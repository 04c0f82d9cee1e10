import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { shownOnStoreFront } from '../apps/table.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/**
 * Issue 12 item 9: full-text search of the store front (apps/search.ts ranks with it). Only apps
 * the store front shows are indexed, so a search never reads a draft's text and counts its
 * matches in the index alone.
 */
export const createAppSearch: KioskMigration = {
  async up(db, engine) {
    if (engine === 'postgres') {
      // 'simple': no stemming and no stop words, so a name matches as typed, in any language.
      await sql`alter table store_apps add column search_vector tsvector generated always as (
          setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', title), 'B')
          || setweight(to_tsvector('simple', description), 'D')) stored`.execute(db);
      await sql`create index store_apps_search on store_apps using gin (search_vector)
          where ${shownOnStoreFront()}`.execute(db);
      return;
    }
    // FTS5 keys its entries by integers, and store_apps has none of its own (its implicit rowids
    // may change on VACUUM), so each app gets a lasting `search_key`, given when it is inserted.
    await sql`alter table store_apps add column search_key integer`.execute(db);
    await sql`update store_apps set search_key = rowid`.execute(db);
    await sql`create unique index store_apps_search_key on store_apps (search_key)`.execute(db);
    await createSqliteSearchIndex(db, { grams: false });
  },
};
