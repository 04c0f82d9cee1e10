import type { AppVersion, StoreSettings } from '@kiosk/contracts';
import type { appSnapshot } from './apps/view.ts';
import type { categorySnapshot } from './console/categories.ts';
import type { commentSnapshot } from './comments/view.ts';
import type { AppPricing, Purchase, Rating } from '@kiosk/contracts';

/**
 * Kiosk Store's events: the names each resource records (context.ts and reviews/settings.ts build
 * each with its own, so it can record no other) and the snapshot they carry. Store objects are
 * instance-wide: their events are live.
 */

export type AppEvent = 'app.created' | 'app.updated' | 'app.blocked' | 'app.unblocked';
export type CategoryEvent = 'category.created' | 'category.updated' | 'category.deleted';
/** A version's upload, and each step of its review (reviews/service.ts names one per action). */
export type AppVersionEvent =
  | 'app_version.created'
  | 'app_version.review_requested'
  | 'app_version.review_started'
  | 'app_version.review_replied'
  | 'app_version.review_commented'
  | 'app_version.approved'
  | 'app_version.rejected'
  | 'app_version.cancelled'
  | 'app_version.published';
export type StoreSettingsEvent = 'store_settings.updated';
/** A user's rating of an app, set and changed (ratings/service.ts). */
export type RatingEvent = 'rating.created' | 'rating.updated';
/** A comment's life, its votes, reports and moderation (comments/service.ts, comments/moderation.ts). */
export type CommentEvent =
  | 'comment.created'
  | 'comment.updated'
  | 'comment.deleted'
  | 'comment.helpful_added'
  | 'comment.helpful_removed'
  | 'comment.reported'
  | 'comment.hidden'
  | 'comment.unhidden';

/** A paid app's pricing (commerce/pricing.ts) and each step of a purchase (commerce/purchases.ts). */
export type AppPricingEvent = 'app_pricing.created' | 'app_pricing.updated';
export type PurchaseEvent =
  | 'purchase.created'
  | 'purchase.paid'
  | 'purchase.expired'
  | 'purchase.refunded'
  | 'purchase.ended'
  | 'purchase.updated';

/** Kiosk Store's events and the snapshot each carries. */
export type StoreEvents = Record<AppEvent, ReturnType<typeof appSnapshot>> &
  Record<CategoryEvent, ReturnType<typeof categorySnapshot>> &
  Record<AppVersionEvent, AppVersion> &
  Record<StoreSettingsEvent, StoreSettings> &
  Record<RatingEvent, Rating> &
  Record<CommentEvent, ReturnType<typeof commentSnapshot>> &
  Record<AppPricingEvent, AppPricing> &
  Record<PurchaseEvent, Purchase>;
export type StoreEventType = keyof StoreEvents;

declare module '@kiosk/platform' {
  // The platform's catalogue of every module's events (subscribers name only these).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventCatalogue extends StoreEvents {}
}
