import { join, resolve } from 'node:path';
import { appVersionReviewMachine, type AppVersionStatus, type ReviewType } from '@kiosk/core';
import type { Engine } from '@kiosk/db';
import type { Clock, Platform } from '@kiosk/platform';
import type { PaymentsApi } from '@kiosk/payments';
import { BUNDLE_MAX_BYTES } from '@kiosk/bundle';
import { flag } from './columns.ts';
import { outsideTransactions, type BundleStorage } from './storage/bundle-storage.ts';
import { FileBundleStorage } from './storage/file-storage.ts';
import type { AppRow, CategoryRow, StoreDb, VersionRow } from './tables.ts';
import { categorySnapshot } from './console/categories.ts';
import { appSnapshot } from './apps/view.ts';
import { versionView } from './versions/view.ts';
import type {
  AppEvent,
  AppPricingEvent,
  AppVersionEvent,
  CategoryEvent,
  CommentEvent,
  PurchaseEvent,
  RatingEvent,
} from './events.ts';
import type { CommentRow } from './comments/table.ts';
import { commentSnapshot } from './comments/view.ts';
import type { RatingRow } from './ratings/table.ts';
import type { AppPricingRow, PurchaseRow } from './commerce/table.ts';
import { pricingView, purchaseView } from './commerce/view.ts';
import { ratingView } from './ratings/view.ts';

/** What the store module needs from the server. */
export interface StoreContext {
  platform: Platform;
  /** Kiosk Pay, through which the store sells its paid apps as any merchant would. */
  payments: PaymentsApi;
  /** `KIOSK_DATA_DIR`: bundles live under `bundles/`, uploads arrive under `uploads/`. */
  dataDir: string;
  /** Where bundles live; files under `{dataDir}/bundles` unless given (an S3 adapter later). */
  storage?: BundleStorage;
  /** The store's bundle limit; it can lower BUNDLE_MAX_BYTES, never raise it. */
  maxBundleBytes?: number;
  /** Where launched web apps are served from (`KIOSK_APPS_ORIGIN`); unset, nothing launches. */
  appsOrigin?: string;
}

/**
 * The store's review type until the admins set one (`PUT /api/console/store-settings`): every version
 * is reviewed, as the original store did by default.
 */
export const DEFAULT_REVIEW_TYPE: ReviewType = 'every';

/** What the store's services work with, built once per server. */
export interface StoreDeps {
  db: StoreDb;
  engine: Engine;
  clock: Clock;
  resources: StoreResources;
  payments: PaymentsApi;
  storage: BundleStorage;
  /** Where uploads are received before they are checked (the same disk as the bundles). */
  uploadDir: string;
  maxBundleBytes: number;
}

export function createStoreDeps(context: StoreContext): StoreDeps {
  const dataDir = resolve(context.dataDir);
  return {
    db: context.platform.database.db as StoreDb,
    engine: context.platform.database.engine,
    clock: context.platform.clock,
    resources: storeResources(context.platform),
    payments: context.payments,
    storage: outsideTransactions(context.storage ?? new FileBundleStorage(join(dataDir, 'bundles'))),
    uploadDir: join(dataDir, 'uploads'),
    maxBundleBytes: Math.min(context.maxBundleBytes ?? BUNDLE_MAX_BYTES, BUNDLE_MAX_BYTES),
  };
}

/**
 * The store's resources as the platform writes them: every change records its event in the same
 * transaction, and a version's status changes only through the review machine. Each records only its
 * own events of the catalogue (events.ts). Store objects are instance-wide, so their events are live; an app's pricing and its purchases are
 * Kiosk Pay's mode's.
 */
function storeResources(platform: Platform) {
  const live = () => true;
  return {
    apps: platform.resource<AppRow, AppEvent>({
      table: 'store_apps',
      objectType: 'app',
      snapshot: appSnapshot,
      livemode: live,
    }),
    categories: platform.resource<CategoryRow, CategoryEvent>({
      table: 'store_categories',
      objectType: 'category',
      snapshot: categorySnapshot,
      livemode: live,
    }),
    versions: platform.stateful<VersionRow, AppVersionStatus, AppVersionEvent>({
      table: 'store_app_versions',
      objectType: 'app_version',
      machine: appVersionReviewMachine,
      snapshot: versionView,
      livemode: live,
    }),
    ratings: platform.resource<RatingRow, RatingEvent>({
      table: 'store_ratings',
      objectType: 'rating',
      snapshot: ratingView,
      livemode: live,
    }),
    comments: platform.resource<CommentRow, CommentEvent>({
      table: 'store_comments',
      objectType: 'comment',
      snapshot: commentSnapshot,
      livemode: live,
    }),
    pricing: platform.resource<AppPricingRow, AppPricingEvent>({
      table: 'store_app_pricing',
      objectType: 'app_pricing',
      snapshot: (row) => pricingView(row.app_did, flag(row.livemode), row),
      livemode: (row) => flag(row.livemode),
    }),
    purchases: platform.resource<PurchaseRow, PurchaseEvent>({
      table: 'store_purchases',
      objectType: 'purchase',
      snapshot: purchaseView,
      livemode: (row) => flag(row.livemode),
    }),
  };
}
export type StoreResources = ReturnType<typeof storeResources>;
