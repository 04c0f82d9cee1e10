import type { AnyKysely, KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';
import { json, jsonList, no, notNull, stamped, zero } from './column-builders.ts';

/**
 * Issue 12: apps, versions, categories and downloads, and the tables of the slices to come.
 */
export const createStoreTables: KioskMigration = {
  // One step per table, in the released order: the statements are history and never change.
  async up(db) {
    await createCategories(db);
    await createApps(db);
    await createAppVersions(db);
    await createDownloads(db);
    await createReviews(db);
    await createRatings(db);
    await createComments(db);
    await createPurchases(db);
  },
};

/** Categories, one per name whatever the case. */
async function createCategories(db: AnyKysely): Promise<void> {
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
}

/** Apps, with the indexes of their name, their developer and the store front. */
async function createApps(db: AnyKysely): Promise<void> {
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
}

/** An app's versions, one per number, and the admins' review queue. */
async function createAppVersions(db: AnyKysely): Promise<void> {
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
}

async function createDownloads(db: AnyKysely): Promise<void> {
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
}

/** The review trail of each version. */
async function createReviews(db: AnyKysely): Promise<void> {
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
}

/** Ratings, one per user and app. */
async function createRatings(db: AnyKysely): Promise<void> {
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
}

async function createComments(db: AnyKysely): Promise<void> {
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
}

/** Purchases, one per checkout session. */
async function createPurchases(db: AnyKysely): Promise<void> {
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
}
