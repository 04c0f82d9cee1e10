import type { Rating, RatingSummary } from '@kiosk/contracts';
import type { RatingRow, RatingSummaryRow } from './table.ts';

export function ratingView(row: RatingRow): Rating {
  return {
    id: row.id,
    object: 'rating',
    app_did: row.app_did,
    user_did: row.user_did,
    score: Number(row.score),
    version: row.version,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The app's counts as everybody sees them; `mine` and `refusal` are the viewer's. */
export function ratingSummaryView(
  appDid: string,
  row: RatingSummaryRow | undefined,
  viewer: Pick<RatingSummary, 'mine' | 'refusal'>,
): RatingSummary {
  const count = Number(row?.count ?? 0);
  const total = Number(row?.total ?? 0);
  return {
    object: 'rating_summary',
    app_did: appDid,
    average: count === 0 ? null : Math.round((total / count) * 100) / 100,
    count,
    histogram: {
      1: Number(row?.score_1 ?? 0),
      2: Number(row?.score_2 ?? 0),
      3: Number(row?.score_3 ?? 0),
      4: Number(row?.score_4 ?? 0),
      5: Number(row?.score_5 ?? 0),
    },
    ...viewer,
  };
}
