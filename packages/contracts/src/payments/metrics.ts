import { z } from 'zod';
import { defineRoutes } from '../route.ts';

/** The longest range the dashboard's home asks for: a year, leap day included. */
export const METRICS_MAX_DAYS = 366;

const DAY_SECONDS = 86_400;
const utcDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.metricsDay' });

/** Days since 1970-01-01 of a `YYYY-MM-DD` UTC day (NaN for a day that does not exist). */
export function utcDayNumber(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day
    ? NaN
    : time / 1000 / DAY_SECONDS;
}

export const dashboardMetricsQuery = z
  .object({
    currency_id: z.string().min(1).max(64),
    /** The first UTC day of the range, `YYYY-MM-DD`. */
    from: utcDay,
    /** The last UTC day of the range, included. */
    to: utcDay,
  })
  .refine(
    ({ from, to }) => {
      const days = utcDayNumber(to) - utcDayNumber(from) + 1;
      return days >= 1 && days <= METRICS_MAX_DAYS;
    },
    { message: 'validation.metricsRange', path: ['to'] },
  );
export type DashboardMetricsQuery = z.infer<typeof dashboardMetricsQuery>;

/** One UTC day; money in the currency's smallest unit as decimal strings. */
export const metricsDaySchema = z.object({
  date: z.string(),
  gross_volume: z.string(),
  refunds: z.string(),
  net_volume: z.string(),
  new_customers: z.number(),
  active_subscriptions: z.number(),
  mrr: z.string(),
});
export type MetricsDay = z.infer<typeof metricsDaySchema>;

export const dashboardMetricsSchema = z.object({
  object: z.literal('dashboard_metrics'),
  livemode: z.boolean(),
  currency_id: z.string(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, a day without activity included. */
  days: z.array(metricsDaySchema),
  /**
   * Volumes and new customers summed over the range; active subscriptions and MRR as at the end of
   * its last day.
   */
  totals: metricsDaySchema.omit({ date: true }),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsSchema>;

export const metricsRoutes = defineRoutes({
  'GET /api/dashboard/metrics': {
    querystring: dashboardMetricsQuery,
    response: { 200: dashboardMetricsSchema },
  },
});
