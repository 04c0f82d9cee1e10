import type { AppVersionStatus, ReviewAction, ReviewType } from '@kiosk/core';
import { createPostgresTextFunctions, dbBoolean, type MigrationSet } from '@kiosk/db';
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Kiosk Store's tables, all named `store_…` so that the module's tables are plain to see beside
 * Kiosk Pay's. Column conventions are Kiosk Pay's (packages/payments/src/tables.ts): text ids, JSON
 * as text with a default, times in unix seconds, booleans as the engine has them. Store objects are
 * instance-wide, so there is no `livemode` but on purchases, which Kiosk Pay makes in one mode.
 *
 * Purchases, ratings, comments and the review thread belong to later slices of issue 12 and the paid
 * apps issue; their tables are designed now (../shared/reference/store-reference.md §1 and §10.7) so
 * those slices add behaviour, not migrations.
 */

type Json = string;
type Flag = number | boolean;

interface Stamped {
  created_at: number;
  updated_at: number;
}

export type AppVisibility = 'public' | 'private';

export interface StoreTables {
  /**
   * One row per app, keyed by the app's DID (the address of its own key). What the store shows of
   * it: `name`, `logo` and `screenshots` follow its published version (they are in the signed
   * bundle); `title`, `description` and `category_id` are seeded from the first upload's kiosk.json
   * and are the developer's to edit afterwards.
   */
  store_apps: Stamped & {
    id: string;
    /** Unique whatever its case (index `store_apps_name`); too-close names are refused before that. */
    name: string;
    title: string;
    description: string;
    /** A path inside the bundle of `published_version` (or of the only version before one is published). */
    logo: string | null;
    /** Paths inside the same bundle. */
    screenshots: Json;
    category_id: string | null;
    developer_did: string;
    visibility: AppVisibility;
    blocked: Flag;
    /** Shown to the developer while the app is blocked. */
    block_reason: string | null;
    auto_publish: Flag;
    /** The admins' choice for this app; null follows the store's setting. */
    review_type: ReviewType | null;
    /** Counted downloads of its published versions. */
    downloads: number;
    /** The highest version uploaded, whatever became of it. */
    latest_version: string | null;
    /** The version the store front shows; null until one is published. */
    published_version: string | null;
    published_at: number | null;
    /** The Kiosk Pay price a buyer pays for it; null while the app is free (paid apps issue). */
    price_id: string | null;
  };
  /** Every uploaded version, its signed release, its bundle and where it stands in review. */
  store_app_versions: Stamped & {
    id: string;
    app_did: string;
    version: string;
    status: AppVersionStatus;
    /** The name this release was signed with (the bundle's file name uses it). */
    name: string;
    integrity: string;
    /** The app key's signature of the release (bundles/release-signature.ts). */
    signature: string;
    size: number;
    bundle_key: string;
    /** kiosk.json as uploaded. */
    metadata: Json;
    changelog: string | null;
    /** Who uploaded it: the developer's DID. */
    uploaded_by: string;
    /** When it entered each status after `draft` (`{ pending: 1767…, … }`). */
    status_transitions: Json;
    published_at: number | null;
  };
  /** The admins' list; an app names at most one. */
  store_categories: Stamped & {
    id: string;
    /** Letters, digits, spaces and '-' (seed 001 §5); unique whatever its case. */
    name: string;
    /** The name in other languages: `{ zh: '天气' }`; the UI falls back to `name`. */
    locales: Json;
  };
  /** One row per counted download; the console sums them per day (the last 30 days, seed 001 §3). */
  store_downloads: {
    id: string;
    app_did: string;
    version: string;
    /** The signed-in user who downloaded, if any; a later slice counts each one once a day. */
    downloader_did: string | null;
    at: number;
  };
  /** A version's review thread (seed 001 §4): each action of the developer or an admin, with its text. */
  store_reviews: {
    id: string;
    app_did: string;
    version_id: string;
    author_did: string;
    author_role: 'developer' | 'admin';
    action: ReviewAction;
    body: string | null;
    created_at: number;
  };
  /** One rating per user and app (seed 001 §1: users rate), changed in place. */
  store_ratings: Stamped & {
    id: string;
    app_did: string;
    user_did: string;
    /** 1 to 5. */
    score: number;
    /** The version the user rated, as they had it. */
    version: string | null;
  };
  store_comments: Stamped & {
    id: string;
    app_did: string;
    author_did: string;
    /** A reply names the comment it answers. */
    parent_id: string | null;
    body: string;
    /** Hidden by an admin: kept for the record, never shown. */
    hidden: Flag;
  };
  /**
   * A user's purchase of a paid app through Kiosk Pay (the store buys as a host app would): a
   * checkout session, and its outcome once Kiosk Pay's events say so.
   */
  /**
   * The store's settings (issue 12 item 8), one row (`id` = 'store') made by the admins' first change;
   * until then the defaults hold. Owned by the store: it never reads another module's settings.
   */
  store_settings: Stamped & {
    id: string;
    review_type: ReviewType;
  };
  store_purchases: Stamped & {
    id: string;
    livemode: Flag;
    app_did: string;
    buyer_did: string;
    checkout_session_id: string;
    status: 'open' | 'paid' | 'expired' | 'refunded';
    paid_at: number | null;
  };
}

export type StoreDb = Kysely<StoreTables>;
export type AppRow = StoreTables['store_apps'];
export type VersionRow = StoreTables['store_app_versions'];
export type CategoryRow = StoreTables['store_categories'];
export type ReviewRow = StoreTables['store_reviews'];
export type StoreSettingsRow = StoreTables['store_settings'];

/** JSON columns are text on both engines. */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return (JSON.parse(text) as T | null) ?? fallback;
}
export const toJson = (value: unknown): string => JSON.stringify(value ?? null);
export const flag = (value: Flag): boolean => dbBoolean.parse(value);

/** What the store front shows: apps with a published version, public and not blocked (of `row`). */
export function shownOnStoreFront(row?: string) {
  const of = row ? `${row}.` : '';
  return sql.raw(
    `${of}published_version is not null and ${of}visibility = 'public' and ${of}blocked = false`,
  );
}

type Table = CreateTableBuilder<string, string>;
const stamped = (table: Table): Table =>
  table
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');
const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');
const no = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(false);
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export const storeMigrations: MigrationSet = {
  // Issue 12: apps, versions, categories and downloads, and the tables of the slices to come.
  '20261125_30_store_apps': {
    async up(db) {
      await stamped(db.schema.createTable('store_categories'))
        .addColumn('name', 'text', notNull)
        .addColumn('locales', 'text', json)
        .execute();
      await db.schema
        .createIndex('store_categories_name')
        .on('store_categories')
        .expression(sql`lower(name)`)
        .unique()
        .execute();

      await stamped(db.schema.createTable('store_apps'))
        .addColumn('name', 'text', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('logo', 'text')
        .addColumn('screenshots', 'text', jsonList)
        .addColumn('category_id', 'text', (c) => c.references('store_categories.id'))
        .addColumn('developer_did', 'text', notNull)
        .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
        .addColumn('blocked', 'boolean', no)
        .addColumn('block_reason', 'text')
        .addColumn('auto_publish', 'boolean', no)
        .addColumn('review_type', 'text')
        .addColumn('downloads', 'bigint', zero)
        .addColumn('latest_version', 'text')
        .addColumn('published_version', 'text')
        .addColumn('published_at', 'bigint')
        .addColumn('price_id', 'text')
        .execute();
      // The name is the app's in URLs and in the squatting check: one app per name, whatever the case.
      await db.schema
        .createIndex('store_apps_name')
        .on('store_apps')
        .expression(sql`lower(name)`)
        .unique()
        .execute();
      await db.schema
        .createIndex('store_apps_developer')
        .on('store_apps')
        .columns(['developer_did', 'created_at'])
        .execute();
      // The store front: published, unblocked apps, newest first.
      await db.schema
        .createIndex('store_apps_front')
        .on('store_apps')
        .columns(['blocked', 'visibility', 'published_at'])
        .execute();

      await stamped(db.schema.createTable('store_app_versions'))
        .addColumn('app_did', 'text', (c) => c.notNull().references('store_apps.id'))
        .addColumn('version', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('integrity', 'text', notNull)
        .addColumn('signature', 'text', notNull)
        .addColumn('size', 'bigint', notNull)
        .addColumn('bundle_key', 'text', notNull)
        .addColumn('metadata', 'text', json)
        .addColumn('changelog', 'text')
        .addColumn('uploaded_by', 'text', notNull)
        .addColumn('status_transitions', 'text', json)
        .addColumn('published_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('store_app_versions_version')
        .on('store_app_versions')
        .columns(['app_did', 'version'])
        .unique()
        .execute();
      // The admins' review queue.
      await db.schema
        .createIndex('store_app_versions_status')
        .on('store_app_versions')
        .columns(['status', 'updated_at'])
        .execute();

      await db.schema
        .createTable('store_downloads')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('app_did', 'text', notNull)
        .addColumn('version', 'text', notNull)
        .addColumn('downloader_did', 'text')
        .addColumn('at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('store_downloads_app')
        .on('store_downloads')
        .columns(['app_did', 'at'])
        .execute();

      await db.schema
        .createTable('store_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('app_did', 'text', notNull)
        .addColumn('version_id', 'text', (c) => c.notNull().references('store_app_versions.id'))
        .addColumn('author_did', 'text', notNull)
        .addColumn('author_role', 'text', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('body', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('store_reviews_version')
        .on('store_reviews')
        .columns(['version_id', 'created_at'])
        .execute();

      await stamped(db.schema.createTable('store_ratings'))
        .addColumn('app_did', 'text', notNull)
        .addColumn('user_did', 'text', notNull)
        .addColumn('score', 'integer', notNull)
        .addColumn('version', 'text')
        .execute();
      await db.schema
        .createIndex('store_ratings_user')
        .on('store_ratings')
        .columns(['app_did', 'user_did'])
        .unique()
        .execute();

      await stamped(db.schema.createTable('store_comments'))
        .addColumn('app_did', 'text', notNull)
        .addColumn('author_did', 'text', notNull)
        .addColumn('parent_id', 'text')
        .addColumn('body', 'text', notNull)
        .addColumn('hidden', 'boolean', no)
        .execute();
      await db.schema
        .createIndex('store_comments_app')
        .on('store_comments')
        .columns(['app_did', 'created_at'])
        .execute();

      await stamped(db.schema.createTable('store_purchases'))
        .addColumn('livemode', 'boolean', notNull)
        .addColumn('app_did', 'text', notNull)
        .addColumn('buyer_did', 'text', notNull)
        .addColumn('checkout_session_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', notNull)
        .addColumn('paid_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('store_purchases_buyer')
        .on('store_purchases')
        .columns(['buyer_did', 'app_did', 'livemode'])
        .execute();
    },
  },
  // Issue 12 item 8: the admins' store settings (review type first).
  '20261125_50_store_settings': {
    async up(db) {
      await stamped(db.schema.createTable('store_settings'))
        .addColumn('review_type', 'text', notNull)
        .execute();
    },
  },
  // Issue 12 item 9: full-text search of the store front (apps/search.ts ranks with it). Only apps
  // the store front shows are indexed, so a search never reads a draft's text and counts its
  // matches in the index alone.
  '20261126_40_store_app_search': {
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
  },
  // GIN's fast update queues new entries in a pending list that every search reads in full, and
  // which the planner prices so high that it scans the table instead, until a vacuum empties the
  // list: after a few thousand apps arrive, every search read the whole table. The store's apps are
  // written rarely and searched often, so each write now goes straight into the index.
  '20261127_40_store_app_search_direct': {
    async up(db, engine) {
      if (engine !== 'postgres') return;
      await sql`alter index store_apps_search set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list('store_apps_search')`.execute(db);
    },
  },
  // Chinese and Japanese: both tokenisers take a run of such characters as one word, so "预报"
  // never found "天气预报". The index now also holds each run's characters and neighbouring pairs
  // (`kiosk_unspaced_grams`, @kiosk/db), which a query's run is looked up by (apps/search.ts).
  '20261127_41_store_app_search_unspaced': {
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
  },
};

/**
 * SQLite's search index of the store front (apps/search.ts): a contentless FTS5 table, keyed by
 * `search_key`, that triggers keep holding exactly the apps the store front shows. With `grams`, a
 * fourth column holds the unspaced scripts' characters and pairs (`kiosk_unspaced_grams`).
 */
async function createSqliteSearchIndex(db: Kysely<unknown>, { grams }: { grams: boolean }): Promise<void> {
  // Contentless: the index keeps no copy of the text, and deletes by key.
  await sql`create virtual table store_apps_search using fts5(name, title, description,
    ${sql.raw(grams ? 'grams, ' : '')}content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`.execute(db);
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
