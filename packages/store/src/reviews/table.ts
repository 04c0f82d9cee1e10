import type { ReviewAction, ReviewType } from '@kiosk/core';
import type { Flag, Stamped } from '../columns.ts';

/** A version's review thread (seed 001 §4): each action of the developer or an admin, with its text. */
export type ReviewRow = {
  id: string;
  app_did: string;
  version_id: string;
  author_did: string;
  author_role: 'developer' | 'admin';
  action: ReviewAction;
  body: string | null;
  created_at: number;
};

/**
 * The store's settings (issue 12 item 8), one row (`id` = 'store') made by the admins' first change;
 * until then the defaults hold. Owned by the store: it never reads another module's settings.
 */
export type StoreSettingsRow = Stamped & {
  id: string;
  review_type: ReviewType;
  sales_livemode: Flag;
  store_share_bps: number;
};
