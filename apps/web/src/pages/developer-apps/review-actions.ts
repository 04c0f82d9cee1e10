import { applyReviewAction, type AppVersionStatus, type ReviewContext, type ReviewType } from '@kiosk/core';
import type { DeveloperReviewAction } from './use-developer-apps.ts';

/** In the order the buttons show. */
const DEVELOPER_ACTIONS: readonly DeveloperReviewAction[] = [
  'requestReview',
  'publish',
  'reply',
  'cancelReview',
];

export interface VersionActionContext {
  /** The app's own review type; null follows the store's setting, which a developer cannot read. */
  reviewType: ReviewType | null;
  /** A blocked app's developer may neither ask for review nor publish (403 APP_BLOCKED). */
  blocked: boolean;
}

const BLOCKED_ACTIONS: readonly DeveloperReviewAction[] = ['requestReview', 'publish'];

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
  const needsReview: ReviewContext = { reviewType: 'every', hasApprovedVersion: false, autoPublish: false };
  const noReview: ReviewContext = { reviewType: 'first', hasApprovedVersion: true, autoPublish: false };
  const contexts = reviewType === 'every' ? [needsReview] : [needsReview, noReview];
  return DEVELOPER_ACTIONS.filter(
    (action) =>
      !(blocked && BLOCKED_ACTIONS.includes(action)) &&
      contexts.some((context) => applyReviewAction(action, status, context).ok),
  );
}

/** Chip colours: waiting on the admins, good news, bad news, over. */
export const STATUS_COLOR: Record<
  AppVersionStatus,
  'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'
> = {
  draft: 'default',
  pending: 'warning',
  inReview: 'info',
  approved: 'primary',
  rejected: 'error',
  cancelled: 'default',
  published: 'success',
};
