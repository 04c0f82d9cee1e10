import { applyReviewAction, type AppVersionStatus, type ReviewContext } from '@kiosk/core';
import type { AdminReviewAction } from './use-console-reviews.ts';

/** In the order the buttons show: the move forward first, the thread message last. */
const ADMIN_ACTIONS: readonly AdminReviewAction[] = ['startReview', 'approve', 'reject', 'comment'];

// The admins' actions do not depend on the review type or auto-publish (only what follows an
// approval does), so any context answers whether core's machine allows them.
const ANY_CONTEXT: ReviewContext = { reviewType: 'every', hasApprovedVersion: false, autoPublish: false };

/** The admin actions core's machine allows for a version in `status`. */
export function adminActionsFor(status: AppVersionStatus): AdminReviewAction[] {
  return ADMIN_ACTIONS.filter((action) => applyReviewAction(action, status, ANY_CONTEXT).ok);
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
