import {
  applyReviewAction,
  type AppVersionStatus,
  type ReviewAction,
  type ReviewContext,
  type ReviewType,
} from '@kiosk/core';
import type { DeveloperReviewAction } from '../developer-apps/use-developer-apps.ts';
import type { AdminReviewAction } from './use-console-reviews.ts';

/** Those of `actions` core's machine allows from `status` in any of `contexts`, in the order given. */
function allowedActions<Action extends ReviewAction>(
  actions: readonly Action[],
  status: AppVersionStatus,
  contexts: readonly ReviewContext[],
): Action[] {
  return actions.filter((action) =>
    contexts.some((context) => applyReviewAction(action, status, context).ok),
  );
}

const NEEDS_REVIEW: ReviewContext = { reviewType: 'every', hasApprovedVersion: false, autoPublish: false };
const NO_REVIEW: ReviewContext = { reviewType: 'first', hasApprovedVersion: true, autoPublish: false };

/** In the order the buttons show: the move forward first, the thread message last. */
const ADMIN_ACTIONS: readonly AdminReviewAction[] = ['startReview', 'approve', 'reject', 'comment'];

/**
 * The admin actions core's machine allows for a version in `status`. They do not depend on the review
 * type or auto-publish (only what follows an approval does), so any context answers.
 */
export function adminActionsFor(status: AppVersionStatus): AdminReviewAction[] {
  return allowedActions(ADMIN_ACTIONS, status, [NEEDS_REVIEW]);
}

/** In the order the buttons show. */
const DEVELOPER_ACTIONS: readonly DeveloperReviewAction[] = [
  'requestReview',
  'publish',
  'reply',
  'cancelReview',
];

/** A blocked app's developer may neither ask for review nor publish (403 APP_BLOCKED). */
const BLOCKED_ACTIONS: readonly DeveloperReviewAction[] = ['requestReview', 'publish'];

export interface VersionActionContext {
  /** The app's own review type; null follows the store's setting, which a developer cannot read. */
  reviewType: ReviewType | null;
  blocked: boolean;
}

/**
 * The developer's actions core's machine allows from `status`. Whether a draft needs review depends
 * on the store's review type and on earlier approvals, which the page cannot always know: an action
 * allowed either way is offered, and the server's refusal (`REVIEW_REQUIRED`, `REVIEW_NOT_NEEDED`)
 * explains the rest. An app reviewed for every version always needs review.
 */
export function developerActionsFor(
  status: AppVersionStatus,
  { reviewType, blocked }: VersionActionContext,
): DeveloperReviewAction[] {
  const offered = blocked
    ? DEVELOPER_ACTIONS.filter((action) => !BLOCKED_ACTIONS.includes(action))
    : DEVELOPER_ACTIONS;
  return allowedActions(offered, status, reviewType === 'every' ? [NEEDS_REVIEW] : [NEEDS_REVIEW, NO_REVIEW]);
}
