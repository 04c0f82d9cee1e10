import type { Kysely } from 'kysely';
import type { AppRow, RatingRow } from './apps/table.ts';
import type { AppPricingRow, PurchaseRow } from './commerce/table.ts';
import type { CategoryRow } from './categories/table.ts';
import type { LaunchRow } from './launch/table.ts';
import type { CommentReportRow, CommentRow, CommentVoteRow } from './comments/table.ts';
import type { RatingSummaryRow } from './ratings/table.ts';
import type { ReviewRow, StoreSettingsRow } from './reviews/table.ts';
import type { DownloadRow, VersionRow } from './versions/table.ts';

/**
 * Kiosk Store's tables, all named `store_…` so that the module's tables are plain to see beside
 * Kiosk Pay's. Each is defined beside the resource that owns it (`{resource}/table.ts`; the column
 * conventions in columns.ts) and made by the migrations in migrations/.
 *
 * Purchases, ratings, comments and the review thread belong to later slices of issue 12 and the paid
 * apps issue; their tables are designed now (../shared/reference/store-reference.md §1 and §10.7) so
 * those slices add behaviour, not migrations.
 */
export interface StoreTables {
  store_apps: AppRow;
  store_app_versions: VersionRow;
  store_categories: CategoryRow;
  store_downloads: DownloadRow;
  store_reviews: ReviewRow;
  store_ratings: RatingRow;
  store_rating_summaries: RatingSummaryRow;
  store_comments: CommentRow;
  store_comment_votes: CommentVoteRow;
  store_comment_reports: CommentReportRow;
  store_settings: StoreSettingsRow;
  store_purchases: PurchaseRow;
  store_app_pricing: AppPricingRow;
  store_launches: LaunchRow;
}

export type StoreDb = Kysely<StoreTables>;

export type { AppRow, AppVisibility } from './apps/table.ts';
export type { CategoryRow } from './categories/table.ts';
export type { ReviewRow, StoreSettingsRow } from './reviews/table.ts';
export type { VersionRow } from './versions/table.ts';
export { shownOnStoreFront } from './apps/table.ts';
export { flag } from './columns.ts';
export { storeMigrations } from './migrations/index.ts';
