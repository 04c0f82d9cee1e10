import type { AnyKysely, KioskMigration } from '@kiosk/db';
import { notNull, zero } from './column-builders.ts';

/**
 * Issue 24 item 5: what ratings and comments need beyond the tables of 20261125_30 — each app's
 * rating counts (the app page's histogram and the search's Bayesian average read one row), a
 * comment's moderation, edits and counts, "helpful" votes and abuse reports.
 */
export const createAppFeedback: KioskMigration = {
  async up(db) {
    await createRatingSummaries(db);
    await extendComments(db);
    await createCommentVotes(db);
    await createCommentReports(db);
  },
};

/** One row per rated app, kept by each rating's write in its transaction. */
async function createRatingSummaries(db: AnyKysely): Promise<void> {
  let table = db.schema
    .createTable('store_rating_summaries')
    .addColumn('app_did', 'text', (c) => c.primaryKey().notNull())
    .addColumn('count', 'integer', zero)
    .addColumn('total', 'integer', zero);
  for (const score of [1, 2, 3, 4, 5]) table = table.addColumn(`score_${score}`, 'integer', zero);
  await table.addColumn('updated_at', 'bigint', notNull).execute();
}

async function extendComments(db: AnyKysely): Promise<void> {
  // One column a statement: SQLite adds no more.
  const columns = [
    ['hidden_reason', 'text'],
    ['hidden_by', 'text'],
    ['hidden_at', 'bigint'],
    ['edited_at', 'bigint'],
    ['reported_at', 'bigint'],
  ] as const;
  for (const [name, type] of columns)
    await db.schema.alterTable('store_comments').addColumn(name, type).execute();
  for (const name of ['helpful_count', 'report_count'])
    await db.schema.alterTable('store_comments').addColumn(name, 'integer', zero).execute();
  // A thread's replies; an author's latest comments (the rate limit); the admins' reported list.
  await db.schema
    .createIndex('store_comments_parent')
    .on('store_comments')
    .columns(['parent_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('store_comments_author')
    .on('store_comments')
    .columns(['author_did', 'created_at'])
    .execute();
  await db.schema
    .createIndex('store_comments_reported')
    .on('store_comments')
    .columns(['reported_at'])
    .execute();
}

/** One "helpful" per user and comment. */
async function createCommentVotes(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('store_comment_votes')
    .addColumn('comment_id', 'text', notNull)
    .addColumn('user_did', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('store_comment_votes_pk', ['comment_id', 'user_did'])
    .execute();
}

/** One report per user and comment. */
async function createCommentReports(db: AnyKysely): Promise<void> {
  await db.schema
    .createTable('store_comment_reports')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('comment_id', 'text', notNull)
    .addColumn('app_did', 'text', notNull)
    .addColumn('reporter_did', 'text', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('store_comment_reports_one')
    .on('store_comment_reports')
    .columns(['comment_id', 'reporter_did'])
    .unique()
    .execute();
  await db.schema
    .createIndex('store_comment_reports_reporter')
    .on('store_comment_reports')
    .columns(['reporter_did', 'created_at'])
    .execute();
}
