import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { shownOnStoreFront } from '../apps/table.ts';
import { createSqliteSearchIndex } from './sqlite-search-index.ts';

/**
 * Issue 27 item 4: a search for a common word at 100 000 apps (apps/search.ts "Frequent words").
 * The store front's orders as indexes of the apps it shows, so that a search sorted by downloads,
 * date or name, and the popular candidates of a frequent word, walk the matches in order and stop
 * at the page instead of sorting every match. PostgreSQL also indexes the names' words apart, as
 * the name candidates are looked up by them; SQLite's index already keeps the name as its own
 * column, and now also holds word starts of 4 and 5 letters: a query's word is matched as a prefix,
 * and merging every indexed word that starts with it made a common word's search twice as slow.
 */
export const indexSearchOrders: KioskMigration = {
  async up(db, engine) {
    const shown = shownOnStoreFront();
    // On SQLite each entry also holds the key of the app's text, so that the walk checks it against
    // the matches without reading the app's row.
    const key = sql.raw(engine === 'sqlite' ? ', search_key' : '');
    await sql`create index store_apps_front_downloads on store_apps
      (downloads desc, published_at desc, id${key}) where ${shown}`.execute(db);
    await sql`create index store_apps_front_newest on store_apps (published_at desc, id${key})
      where ${shown}`.execute(db);
    await sql`create index store_apps_front_title on store_apps (lower(title), lower(name), id${key})
      where ${shown}`.execute(db);
    if (engine === 'postgres') {
      await sql`create index store_apps_name_search on store_apps using gin (to_tsvector('simple', name))
        with (fastupdate = off) where ${shown}`.execute(db);
      return;
    }
    for (const trigger of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger store_apps_search_${trigger}`).execute(db);
    await sql`drop table store_apps_search`.execute(db);
    await createSqliteSearchIndex(db, { grams: true, prefixes: '3 4 5' });
  },
};
