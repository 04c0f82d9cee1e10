import { defineMachine } from './machine.ts';

/**
 * An app version's review status (seed 001 §4; issue 12 item 5). The seed names the statuses, the
 * actions and the two review types but not the table ("exact transition table: not shown"), so this
 * is the design, following the original store's observed workflow without its holes:
 *
 * - Upload makes a `draft`: only its developer (and the admins) can see it.
 * - `draft` → `pending` when the developer requests review; → `published` when the version needs no
 *   review (see `versionNeedsReview`) and is published, by hand or by auto-publish at upload.
 * - `pending` → `inReview` when an admin starts the review (the original had no precondition here; we
 *   require `pending`); → `cancelled` when the developer cancels or requests review of a newer version.
 * - `inReview` → `approved` or `rejected` by an admin; → `cancelled` by the developer.
 * - `approved` → `published` by the developer, or at once when auto-publish is on
 *   (`statusAfterApprove`); → `cancelled` by the developer, who decides not to ship it.
 * - `rejected` and `cancelled` are final (the seed: "irreversible"): the developer uploads a new version,
 *   so a verdict never changes under the admins who gave it. `published` is final too: a version is
 *   superseded by a higher one, never unpublished (blocking is a flag on the app, not a status).
 *
 * Comments (admins) and replies (the developer) in the version's review thread change no status: they
 * are events on the thread, allowed once a thread exists (every status but `draft`).
 */
export const appVersionReviewMachine = defineMachine({
  resource: 'app_version',
  states: ['draft', 'pending', 'inReview', 'approved', 'rejected', 'cancelled', 'published'],
  initial: ['draft', 'published'],
  transitions: {
    draft: ['pending', 'published'],
    pending: ['inReview', 'cancelled'],
    inReview: ['approved', 'rejected', 'cancelled'],
    approved: ['published', 'cancelled'],
    rejected: [],
    cancelled: [],
    published: [],
  },
});
export type AppVersionStatus = (typeof appVersionReviewMachine.states)[number];
export const APP_VERSION_STATUSES = appVersionReviewMachine.states;

/** Seed 001 §4: "first approval only" (`first`) or "every version" (`every`). */
export const REVIEW_TYPES = ['first', 'every'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** The store setting, unless the app has its own (admins set it per app, seed 001 §6). */
export function effectiveReviewType(storeSetting: ReviewType, appOverride?: ReviewType | null): ReviewType {
  return appOverride ?? storeSetting;
}

/**
 * "First approval only" reviews an app until one of its versions has passed review; after that its
 * versions go out unreviewed. "Every version" reviews each one.
 */
export function versionNeedsReview(reviewType: ReviewType, hasApprovedVersion: boolean): boolean {
  return reviewType === 'every' || !hasApprovedVersion;
}

/**
 * Where an uploaded version starts: published at once only when it needs no review and the app has
 * auto-publish on; otherwise a draft (the developer then publishes it or requests review).
 */
export function statusAfterUpload(
  reviewType: ReviewType,
  hasApprovedVersion: boolean,
  autoPublish: boolean,
): 'draft' | 'published' {
  return !versionNeedsReview(reviewType, hasApprovedVersion) && autoPublish ? 'published' : 'draft';
}

/** An approved version goes out at once when the app has auto-publish on. */
export function statusAfterApprove(autoPublish: boolean): 'approved' | 'published' {
  return autoPublish ? 'published' : 'approved';
}

/** Seed 001 §4's review actions, plus `publish`, which ends the workflow. */
export const REVIEW_ACTIONS = [
  'requestReview',
  'startReview',
  'reply',
  'approve',
  'reject',
  'comment',
  'cancelReview',
  'publish',
] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Who may take each action: the app's developer or a store admin (seed 001 §6). */
export const REVIEW_ACTION_ACTOR: Record<ReviewAction, 'developer' | 'admin'> = {
  requestReview: 'developer',
  startReview: 'admin',
  reply: 'developer',
  approve: 'admin',
  reject: 'admin',
  comment: 'admin',
  cancelReview: 'developer',
  publish: 'developer',
};

/** The statuses a thread message may be posted in: any with a review thread, i.e. all but `draft`. */
const THREAD_STATUSES: readonly AppVersionStatus[] = APP_VERSION_STATUSES.filter((s) => s !== 'draft');

export interface ReviewContext {
  reviewType: ReviewType;
  /** True when one of the app's earlier versions has passed review (approved or published after it). */
  hasApprovedVersion: boolean;
  autoPublish: boolean;
}

/** Each refusal is also its error text (`error.{code}`). */
export type ReviewRefusal = 'REVIEW_ACTION_NOT_ALLOWED' | 'REVIEW_REQUIRED' | 'REVIEW_NOT_NEEDED';

export type ReviewOutcome =
  /**
   * `then`: a second transition the service makes at once, with its own event (auto-publish after
   * approval), so the thread shows "approved" and then "published" as the original's did.
   */
  | { ok: true; status: AppVersionStatus; changed: boolean; then?: 'published' }
  | { ok: false; refusal: ReviewRefusal };

/**
 * The status an action leads to from `status`, or why it is refused. `publish` from `draft` needs a
 * version that needs no review; `requestReview` is refused for one that needs none (it would only
 * delay it); `approve` is followed by `published` when auto-publish is on.
 */
export function applyReviewAction(
  action: ReviewAction,
  status: AppVersionStatus,
  context: ReviewContext,
): ReviewOutcome {
  const refuse = (refusal: ReviewRefusal): ReviewOutcome => ({ ok: false, refusal });
  const move = (to: AppVersionStatus): ReviewOutcome =>
    appVersionReviewMachine.allows(status, to)
      ? { ok: true, status: to, changed: true }
      : refuse('REVIEW_ACTION_NOT_ALLOWED');
  const needsReview = versionNeedsReview(context.reviewType, context.hasApprovedVersion);
  switch (action) {
    case 'reply':
    case 'comment':
      return THREAD_STATUSES.includes(status)
        ? { ok: true, status, changed: false }
        : refuse('REVIEW_ACTION_NOT_ALLOWED');
    case 'requestReview':
      if (status === 'draft' && !needsReview) return refuse('REVIEW_NOT_NEEDED');
      return move('pending');
    case 'startReview':
      return status === 'pending' ? move('inReview') : refuse('REVIEW_ACTION_NOT_ALLOWED');
    case 'approve':
      if (status !== 'inReview') return refuse('REVIEW_ACTION_NOT_ALLOWED');
      return statusAfterApprove(context.autoPublish) === 'published'
        ? { ok: true, status: 'approved', changed: true, then: 'published' }
        : move('approved');
    case 'reject':
      return status === 'inReview' ? move('rejected') : refuse('REVIEW_ACTION_NOT_ALLOWED');
    case 'cancelReview':
      return move('cancelled');
    case 'publish':
      if (status === 'draft' && needsReview) return refuse('REVIEW_REQUIRED');
      return move('published');
  }
}
