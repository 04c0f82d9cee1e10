import {
  utcDayNumber,
  type DashboardMetrics,
  type DashboardMetricsQuery,
  type MetricsDay,
} from '@kiosk/contracts';
import { sumMoney, type Engine } from '@kiosk/db';
import { sql } from 'kysely';
import { subscriptionJson } from '../subscriptions/table.ts';
import { priceJson } from '../prices/table.ts';
import type { Executor } from '../db.ts';

const DAY = 86_400;

/** How many of each interval a year holds: a price's monthly amount is its amount × this ÷ 12 ÷ count. */
const PER_YEAR: Record<string, bigint> = {
  minute: 525_600n,
  hour: 8_760n,
  day: 365n,
  week: 52n,
  month: 12n,
  year: 1n,
};

/** The UTC day (days since 1970-01-01) of a unix-seconds column, the same integer on both engines. */
const dayOf = (column: string) => sql<number>`cast(${sql.ref(column)} / ${sql.lit(DAY)} as integer)`;

interface Range {
  livemode: boolean;
  currencyId: string;
  /** Days since 1970-01-01, both included. */
  first: number;
  last: number;
}

/**
 * Money per UTC day of one table's rows in the range: succeeded charges' amounts, or succeeded refunds',
 * each on the day it was made (`created_at`: neither table records when it succeeded).
 */
async function moneyPerDay(db: Executor, engine: Engine, table: 'charges' | 'refunds', range: Range) {
  const rows = await db
    .selectFrom(table)
    .select([dayOf('created_at').as('day'), sumMoney(engine, 'amount').as('amount')])
    .where('livemode', '=', range.livemode)
    .where('currency_id', '=', range.currencyId)
    .where('status', '=', 'succeeded')
    .where('created_at', '>=', range.first * DAY)
    .where('created_at', '<', (range.last + 1) * DAY)
    .groupBy(dayOf('created_at'))
    .execute();
  return new Map(rows.map((row) => [Number(row.day), BigInt(row.amount)]));
}

/** Customers made per UTC day in the mode (a customer has no currency: every currency's are counted). */
async function customersPerDay(db: Executor, range: Range) {
  const rows = await db
    .selectFrom('customers')
    .select((eb) => [dayOf('created_at').as('day'), eb.fn.countAll().as('count')])
    .where('livemode', '=', range.livemode)
    .where('created_at', '>=', range.first * DAY)
    .where('created_at', '<', (range.last + 1) * DAY)
    .groupBy(dayOf('created_at'))
    .execute();
  return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
}

/** An item's price in the subscription's currency: its own amount, or its currency option's. */
function unitAmountIn(
  price: { currency_id: string; unit_amount: string; currency_options: string },
  currencyId: string,
) {
  if (price.currency_id === currencyId) return BigInt(price.unit_amount);
  const option = priceJson.currency_options
    .read(price.currency_options)
    .find((o) => o.currency_id === currencyId);
  return option ? BigInt(option.unit_amount) : 0n;
}

/**
 * Active subscriptions and MRR at the end of each UTC day, read in one query (subscriptions with
 * their items and prices) and counted here, since the interval and the prices' other-currency amounts
 * are JSON columns. Approximate: a subscription counts from the day it was created until the day it
 * ended (`ended_at`; a cancellation at period end keeps it counted until then), whatever it was
 * between (trialing, active, past_due or paused alike), except one that never started (`incomplete`,
 * `incomplete_expired`). Its MRR is its items' amounts × quantity, per month: yearly ÷ 12,
 * weekly × 52 ÷ 12, daily × 365 ÷ 12, every `interval_count` taken into account, rounded down.
 */
async function subscriptionsPerDay(db: Executor, range: Range) {
  const rows = await db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_items as i', 'i.subscription_id', 's.id')
    .innerJoin('prices as p', 'p.id', 'i.price_id')
    .select([
      's.id',
      's.created_at',
      's.ended_at',
      's.recurring',
      'i.quantity',
      'p.currency_id',
      'p.unit_amount',
      'p.currency_options',
    ])
    .where('s.livemode', '=', range.livemode)
    .where('s.currency_id', '=', range.currencyId)
    .where('s.status', 'not in', ['incomplete', 'incomplete_expired'])
    .where('s.created_at', '<', (range.last + 1) * DAY)
    .where((eb) => eb.or([eb('s.ended_at', 'is', null), eb('s.ended_at', '>=', (range.first + 1) * DAY)]))
    .execute();
  const subscriptions = new Map<string, { from: number; until: number; monthly: bigint }>();
  for (const row of rows) {
    const { interval, interval_count } = subscriptionJson.recurring.read(row.recurring);
    const cycle = unitAmountIn(row, range.currencyId) * BigInt(row.quantity);
    const entry = subscriptions.get(row.id) ?? {
      // Counted at the end of each day from its creation's to the one before it ended.
      from: Math.floor(Number(row.created_at) / DAY),
      until: row.ended_at === null ? Infinity : Math.floor(Number(row.ended_at) / DAY),
      monthly: 0n,
    };
    entry.monthly += (cycle * (PER_YEAR[interval] ?? 0n)) / (12n * BigInt(interval_count));
    subscriptions.set(row.id, entry);
  }
  return (day: number) => {
    let count = 0;
    let mrr = 0n;
    for (const { from, until, monthly } of subscriptions.values()) {
      if (day < from || day >= until) continue;
      count += 1;
      mrr += monthly;
    }
    return { count, mrr };
  };
}

const isoDay = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);

/**
 * The dashboard's home: per UTC day of the range, in one currency, gross volume (succeeded charges),
 * refunds (succeeded refunds), net volume (gross − refunds: a charge records no fee), new customers,
 * active subscriptions and MRR; with the range's totals. One query per series.
 */
export async function dashboardMetrics(
  db: Executor,
  engine: Engine,
  livemode: boolean,
  query: DashboardMetricsQuery,
): Promise<DashboardMetrics> {
  const range = {
    livemode,
    currencyId: query.currency_id,
    first: utcDayNumber(query.from),
    last: utcDayNumber(query.to),
  };
  const [gross, refunds, customers, subscriptions] = await Promise.all([
    moneyPerDay(db, engine, 'charges', range),
    moneyPerDay(db, engine, 'refunds', range),
    customersPerDay(db, range),
    subscriptionsPerDay(db, range),
  ]);
  const days: MetricsDay[] = [];
  const sums = { gross: 0n, refunds: 0n, customers: 0 };
  for (let day = range.first; day <= range.last; day++) {
    const dayGross = gross.get(day) ?? 0n;
    const dayRefunds = refunds.get(day) ?? 0n;
    const active = subscriptions(day);
    sums.gross += dayGross;
    sums.refunds += dayRefunds;
    sums.customers += customers.get(day) ?? 0;
    days.push({
      date: isoDay(day),
      gross_volume: dayGross.toString(),
      refunds: dayRefunds.toString(),
      net_volume: (dayGross - dayRefunds).toString(),
      new_customers: customers.get(day) ?? 0,
      active_subscriptions: active.count,
      mrr: active.mrr.toString(),
    });
  }
  const lastDay = days[days.length - 1]!;
  return {
    object: 'dashboard_metrics',
    livemode,
    currency_id: query.currency_id,
    from: query.from,
    to: query.to,
    days,
    totals: {
      gross_volume: sums.gross.toString(),
      refunds: sums.refunds.toString(),
      net_volume: (sums.gross - sums.refunds).toString(),
      new_customers: sums.customers,
      active_subscriptions: lastDay.active_subscriptions,
      mrr: lastDay.mrr,
    },
  };
}
