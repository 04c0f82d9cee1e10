import { sql, type Kysely } from 'kysely';
import { shownOnStoreFront } from '../apps/table.ts';

/**
 * SQLite's search index of the store front (apps/search.ts): a contentless FTS5 table, keyed by
 * `search_key`, that triggers keep holding exactly the apps the store front shows. With `grams`, a
 * fourth column holds the unspaced scripts' characters and pairs (`kiosk_unspaced_grams`).
 * `prefixes`: the lengths of word starts the index also holds, so that a query's `word*` of that
 * length reads one list instead of merging every word it starts.
 */
export async function createSqliteSearchIndex(
  db: Kysely<unknown>,
  { grams, prefixes = '3' }: { grams: boolean; prefixes?: string },
): Promise<void> {
  // Contentless: the index keeps no copy of the text, and deletes by key.
  await sql`create virtual table store_apps_search using fts5(name, title, description,
    ${sql.raw(grams ? 'grams, ' : '')}content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = ${sql.lit(prefixes)})`.execute(db);
  const indexIfShown = (row: 'new' | 'store_apps') =>
    grams
      ? sql.raw(`insert into store_apps_search (rowid, name, title, description, grams)
          select ${row}.search_key, ${row}.name, ${row}.title, ${row}.description,
            kiosk_unspaced_grams(${row}.name || ' ' || ${row}.title || ' ' || ${row}.description)`)
      : sql.raw(`insert into store_apps_search (rowid, name, title, description)
          select ${row}.search_key, ${row}.name, ${row}.title, ${row}.description`);
  await sql`create trigger store_apps_search_insert after insert on store_apps begin
    update store_apps set search_key = (select coalesce(max(search_key), 0) + 1 from store_apps)
      where id = new.id;
    ${indexIfShown('store_apps')} from store_apps where id = new.id and ${shownOnStoreFront()};
  end`.execute(db);
  // A download changes none of these columns, so it leaves the index alone.
  await sql`create trigger store_apps_search_update after update of name, title, description,
    published_version, visibility, blocked on store_apps begin
    delete from store_apps_search where rowid = old.search_key;
    ${indexIfShown('new')} where ${shownOnStoreFront('new')};
  end`.execute(db);
  await sql`create trigger store_apps_search_delete after delete on store_apps begin
    delete from store_apps_search where rowid = old.search_key;
  end`.execute(db);
  await sql`${indexIfShown('store_apps')} from store_apps where ${shownOnStoreFront()}`.execute(db);
}
