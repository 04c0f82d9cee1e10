import type { Rating, RatingSummary } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import { audienceOf, type Viewer } from '../apps/audience.ts';
import { appOnStoreFront, findApp } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import type { AppRow, StoreDb } from '../tables.ts';
import { mayRate } from './may-rate.ts';
import { hasBought } from '../commerce/purchases.ts';
import { readPricing } from '../commerce/pricing.ts';
import { salesSettings } from '../reviews/settings.ts';
import type { RatingRow } from './table.ts';
import { ratingSummaryView, ratingView } from './view.ts';

/**
 * Ratings (issue 24 item 5): one per user and app, 1 to 5, set and changed by the same call. Each
 * write moves the app's counts (store_rating_summaries) in its own transaction, so the histogram and
 * the search's Bayesian average (apps/search.ts) never read every rating.
 */

/** Whether the app is sold in the store's sales mode, and whether the viewer ever paid for it. */
async function saleOf(db: StoreDb, app: AppRow, viewer: Viewer): Promise<{ paid: boolean; bought: boolean }> {
  const { sales_livemode: livemode } = await salesSettings(db);
  const paid = (await readPricing(db, app.id, livemode))?.price_id != null;
  return { paid, bought: paid && viewer.did !== undefined && (await hasBought(db, app.id, viewer.did)) };
}

/** The app's counts, with the viewer's own score and whether they may rate it. */
export async function getRatingSummary(deps: StoreDeps, did: string, viewer: Viewer): Promise<RatingSummary> {
  const app = await findApp(deps.db, did);
  if (!app || audienceOf(app, viewer) === 'none') throw new KioskError('APP_NOT_FOUND', { status: 404 });
  const summary = await readCounts(deps.db, did);
  const mine =
    viewer.did === undefined
      ? undefined
      : await deps.db
          .selectFrom('store_ratings')
          .select('score')
          .where('app_did', '=', did)
          .where('user_did', '=', viewer.did)
          .executeTakeFirst();
  return ratingSummaryView(did, summary, {
    mine: mine === undefined ? null : Number(mine.score),
    refusal: mayRate(app, viewer, await saleOf(deps.db, app, viewer)),
  });
}

/**
 * Sets the viewer's score of the app, or changes it. The same score again changes nothing and
 * records no event (a repeated call is harmless).
 */
export async function rateApp(
  deps: StoreDeps,
  viewer: Viewer,
  did: string,
  score: number,
): Promise<{ rating: Rating; summary: RatingSummary }> {
  return transaction(deps.db, async (trx) => {
    const app = await appOnStoreFront(trx, did);
    const refusal = mayRate(app, viewer, await saleOf(trx, app, viewer));
    if (refusal !== null)
      throw new KioskError(refusal, { status: refusal === 'UNAUTHENTICATED' ? 401 : 403 });
    const userDid = viewer.did!;
    const now = deps.clock.nowUnix();
    await holdCounts(deps, trx, did, now);
    const existing = await trx
      .selectFrom('store_ratings')
      .selectAll()
      .where('app_did', '=', did)
      .where('user_did', '=', userDid)
      .executeTakeFirst();
    let rating: RatingRow = existing!;
    if (existing === undefined) {
      rating = await deps.resources.ratings.insert(
        trx,
        {
          id: newId('rating'),
          app_did: did,
          user_did: userDid,
          score,
          version: app.published_version,
          created_at: now,
          updated_at: now,
        },
        'rating.created',
      );
      await moveCounts(trx, did, null, score, now);
    } else if (Number(existing.score) !== score) {
      rating = (await deps.resources.ratings.update(
        trx,
        existing.id,
        { score, version: app.published_version },
        'rating.updated',
      ))!;
      await moveCounts(trx, did, Number(existing.score), score, now);
    }
    const summary = ratingSummaryView(did, await readCounts(trx, did), { mine: score, refusal: null });
    return { rating: ratingView(rating), summary };
  });
}

const readCounts = (db: StoreDb, did: string) =>
  db.selectFrom('store_rating_summaries').selectAll().where('app_did', '=', did).executeTakeFirst();

/**
 * Makes the app's counts row if it has none and holds it until the transaction ends: one app's
 * ratings are then written one at a time (PostgreSQL; SQLite writes one transaction at a time), so
 * each change moves the counts from what it read, and a double click finds the first click's rating.
 */
async function holdCounts(deps: StoreDeps, trx: StoreDb, did: string, now: number): Promise<void> {
  await trx
    .insertInto('store_rating_summaries')
    .values({
      app_did: did,
      count: 0,
      total: 0,
      score_1: 0,
      score_2: 0,
      score_3: 0,
      score_4: 0,
      score_5: 0,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('app_did').doNothing())
    .execute();
  if (deps.engine === 'postgres')
    await trx
      .selectFrom('store_rating_summaries')
      .select('app_did')
      .where('app_did', '=', did)
      .forUpdate()
      .execute();
}

/** A new score (`from` null) or a changed one, on the app's counts. */
async function moveCounts(
  trx: StoreDb,
  did: string,
  from: number | null,
  to: number,
  now: number,
): Promise<void> {
  // Scores are whole numbers 1 to 5 (the contract's), so their columns are named from them.
  const column = (score: number) => sql.ref(`score_${score}`);
  await trx
    .updateTable('store_rating_summaries')
    .set({
      count: sql`count + ${from === null ? 1 : 0}`,
      total: sql`total + ${to - (from ?? 0)}`,
      [`score_${to}`]: sql`${column(to)} + 1`,
      ...(from === null ? {} : { [`score_${from}`]: sql`${column(from)} - 1` }),
      updated_at: now,
    })
    .where('app_did', '=', did)
    .execute();
}
