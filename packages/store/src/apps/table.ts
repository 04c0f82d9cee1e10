import { appSchema } from '@kiosk/contracts';
import type { ReviewType } from '@kiosk/core';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { sql } from 'kysely';
import type { Flag, Json, Stamped } from '../columns.ts';

export type AppVisibility = 'public' | 'private';

/**
 * One row per app, keyed by the app's DID (the address of its own key). What the store shows of
 * it: `name`, `logo` and `screenshots` follow its published version (they are in the signed
 * bundle); `title`, `description` and `category_id` are seeded from the first upload's kiosk.json
 * and are the developer's to edit afterwards.
 */
export type AppRow = Stamped & {
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
  /** The developer's choice: the app's page takes donations while the store has them on. */
  accepts_donations: Flag;
};

export const appJson = jsonColumns('store_apps', {
  screenshots: jsonColumn(appSchema.shape.screenshots, []),
});

/*
 * The rows of ratings, comments and purchases, designed with the apps' (../shared/reference/
 * store-reference.md §1 and §10.7). Ratings and comments have their folders (ratings/, comments/: their
 * rules, summaries, votes and reports), which use these rows; purchases are commerce/'s.
 */

/** One rating per user and app (seed 001 §1: users rate), changed in place. */
export type RatingRow = Stamped & {
  id: string;
  app_did: string;
  user_did: string;
  /** 1 to 5. */
  score: number;
  /** The version the user rated, as they had it. */
  version: string | null;
};

export type CommentRow = Stamped & {
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
 * What the store front shows: apps with a published version, public and not blocked (of `row`). The
 * search index holds exactly these (its partial index and triggers are built with this condition).
 */
export function shownOnStoreFront(row?: string) {
  const of = row ? `${row}.` : '';
  return sql.raw(
    `${of}published_version is not null and ${of}visibility = 'public' and ${of}blocked = false`,
  );
}
