import { useQuery } from '@tanstack/react-query';
import { formatAmount } from '@kiosk/core';
import type { PaymentCurrency } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';

/** The ranges the home offers, each ending today (UTC), in days; 12 months is 365 days. */
export const RANGES = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 } as const;
export type RangeKey = keyof typeof RANGES;
export const DEFAULT_RANGE: RangeKey = '30d';

export const isRangeKey = (value: string | null): value is RangeKey => value !== null && value in RANGES;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range's first and last UTC day (`YYYY-MM-DD`, both included), ending on `now`'s day. */
export function rangeDates(range: RangeKey, now: number = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (RANGES[range] - 1) * DAY_MS), to: isoDay(now) };
}

/** A UTC day as the reader's language writes a short date ("3 Mar 2025"). */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An amount in smallest units as the merchant reads it: "8.5 KDT". */
export function formatMoney(amount: string, currency: PaymentCurrency): string {
  return `${formatAmount(amount, currency.decimal, { precision: currency.maximum_precision })} ${currency.symbol}`;
}

/**
 * An amount in the currency's units as a chart's point. A float, for drawing only: every number the
 * reader reads is formatted from the exact string.
 */
export function chartValue(amount: string, currency: PaymentCurrency): number {
  return Number(amount) / 10 ** currency.decimal;
}

/** The home's figures for one range and currency of the mode; nothing is asked until a currency is known. */
export function useDashboardMetrics(
  livemode: boolean,
  range: { from: string; to: string },
  currencyId: string | undefined,
) {
  return useQuery({
    queryKey: modeKey(livemode, 'dashboard-metrics', range.from, range.to, currencyId),
    queryFn: () =>
      kioskClient.call('GET /api/dashboard/metrics', {
        query: { livemode, from: range.from, to: range.to, currency_id: currencyId! },
      }),
    enabled: currencyId !== undefined,
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}
