import type { RATING_REFUSALS } from '@kiosk/contracts';
import type { Viewer } from '../apps/audience.ts';
import type { AppRow } from '../tables.ts';

export type RatingRefusal = (typeof RATING_REFUSALS)[number];

/**
 * Whether `user` may rate `app`, or why not: the one place that decides it (issue 24 item 5: only
 * buyers may rate a paid app; a developer does not rate their own app, as in the big stores).
 * `sale` says whether the app is sold and whether `user` ever paid for it (a refund later does not
 * take back what they thought of it).
 */
export function mayRate(
  app: Pick<AppRow, 'developer_did'>,
  user: Pick<Viewer, 'did'>,
  sale: { paid: boolean; bought: boolean },
): RatingRefusal | null {
  if (user.did === undefined) return 'UNAUTHENTICATED';
  if (user.did === app.developer_did) return 'RATING_OWN_APP';
  if (sale.paid && !sale.bought) return 'RATING_NEEDS_PURCHASE';
  return null;
}
