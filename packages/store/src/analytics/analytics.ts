import type { StoreAnalytics } from '@kiosk/contracts';
import { sql } from 'kysely';
import { flag } from '../columns.ts';
import type { StoreDeps } from '../context.ts';
import { salesSettings } from '../reviews/settings.ts';

/** How many days the analytics show, today included (seed 001 §3's downloads chart: 30). */
export const ANALYTICS_DAYS = 30;
const DAY = 86_400;

/** Whose figures: one app's (its developer earns `developer_amount`) or the whole store's (`store_amount`). */
export type AnalyticsScope = { app: string } | { store: true };

type Figures = Omit<StoreAnalytics['totals'], never>;
const zero = (): Figures => ({
  downloads: 0,
  launches: 0,
  purchases: 0,
  ratings: 0,
  sales: {},
  earnings: {},
});
const add = (sums: Record<string, string>, currency: string, amount: string) => {
  sums[currency] = (BigInt(sums[currency] ?? '0') + BigInt(amount)).toString();
};

/**
 * Downloads, launches, purchases, sales, earnings and new ratings per UTC day over the last
 * ANALYTICS_DAYS days (issue 24 item 6). Counts are grouped by the database; amounts, being exact
 * integers in text, are summed here as bigints.
 */
export async function storeAnalytics(deps: StoreDeps, scope: AnalyticsScope): Promise<StoreAnalytics> {
  const today = Math.floor(deps.clock.nowUnix() / DAY);
  const first = today - ANALYTICS_DAYS + 1;
  const since = first * DAY;
  const app = 'app' in scope ? scope.app : undefined;

  // A literal divisor: integer division on both engines, and one expression to group by.
  const perDay = async (
    table: 'store_downloads' | 'store_launches' | 'store_ratings',
    column: 'at' | 'created_at',
  ) => {
    const day = sql<number>`${sql.ref(column)} / ${sql.lit(DAY)}`;
    let query = deps.db
      .selectFrom(table)
      .select([day.as('day'), sql<number>`count(*)`.as('count')])
      .where(column, '>=', since)
      .groupBy(day);
    if (app) query = query.where('app_did', '=', app);
    const rows = await query.execute();
    return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
  };
  const { sales_livemode: livemode } = await salesSettings(deps.db);
  let paid = deps.db
    .selectFrom('store_purchases')
    .select(['paid_at', 'currency_id', 'amount', 'developer_amount', 'store_amount'])
    .where('livemode', '=', flag(livemode))
    .where('paid_at', '>=', since);
  if (app) paid = paid.where('app_did', '=', app);
  const [downloads, launches, ratings, purchases] = await Promise.all([
    perDay('store_downloads', 'at'),
    perDay('store_launches', 'at'),
    perDay('store_ratings', 'created_at'),
    paid.execute(),
  ]);

  const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) => ({
    date: new Date((first + i) * DAY * 1000).toISOString().slice(0, 10),
    ...zero(),
    downloads: downloads.get(first + i) ?? 0,
    launches: launches.get(first + i) ?? 0,
    ratings: ratings.get(first + i) ?? 0,
  }));
  for (const purchase of purchases) {
    const day = days[Math.floor(Number(purchase.paid_at) / DAY) - first];
    if (!day || !purchase.currency_id || !purchase.amount) continue;
    day.purchases++;
    add(day.sales, purchase.currency_id, purchase.amount);
    add(day.earnings, purchase.currency_id, (app ? purchase.developer_amount : purchase.store_amount) ?? '0');
  }

  const totals = zero();
  for (const day of days) {
    totals.downloads += day.downloads;
    totals.launches += day.launches;
    totals.ratings += day.ratings;
    totals.purchases += day.purchases;
    for (const [currency, amount] of Object.entries(day.sales)) add(totals.sales, currency, amount);
    for (const [currency, amount] of Object.entries(day.earnings)) add(totals.earnings, currency, amount);
  }
  const currencies = await Promise.all(
    Object.keys(totals.sales).map(async (id) => {
      const currency = await deps.payments.getPaymentCurrency(livemode, id);
      return { id, symbol: currency?.symbol ?? id, decimal: currency?.decimal ?? 0 };
    }),
  );
  return { days, totals, currencies };
}
