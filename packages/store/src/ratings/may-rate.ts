import type { RATING_REFUSALS } from '@kiosk/contracts';
import type { Viewer } from '../apps/audience.ts';
import type { AppRow } from '../tables.ts';

export type RatingRefusal = (typeof RATING_REFUSALS)[number];

/**
 * Whether `user` may rate `app`, or why not: the one place that decides it (issue 24 item 5: only
 * buyers may rate a paid app; a developer does not rate their own app, as in the big stores).
 *
 * Purchases do not exist yet (a later slice of issue 24). Until they do, every signed-in user may
 * rate a free app and nobody may rate a priced one (`price_id` set): a buyer cannot be told from
 * anybody else yet. When purchases land, the priced case asks whether `user` owns `app` and admits
 * its buyers; nothing else changes.
 */
export function mayRate(
  app: Pick<AppRow, 'developer_did' | 'price_id'>,
  user: Pick<Viewer, 'did'>,
): RatingRefusal | null {
  if (user.did === undefined) return 'UNAUTHENTICATED';
  if (user.did === app.developer_did) return 'RATING_OWN_APP';
  if (app.price_id !== null) return 'RATING_NEEDS_PURCHASE';
  return null;
}
