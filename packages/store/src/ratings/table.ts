export type { RatingRow } from '../apps/table.ts';

/**
 * Each rated app's counts (migration 20261128_40), written in the transaction of every rating so the
 * app page's histogram and the search's Bayesian average read one row, never every rating.
 */
export interface RatingSummaryRow {
  app_did: string;
  count: number;
  /** The sum of the scores. */
  total: number;
  score_1: number;
  score_2: number;
  score_3: number;
  score_4: number;
  score_5: number;
  updated_at: number;
}
