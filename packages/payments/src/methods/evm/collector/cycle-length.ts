import type { Interval } from '@kiosk/core';

/**
 * The mandate's cycle for a recurring price. KioskCollector counts cycles as fixed windows of
 * seconds, while billing dates follow the calendar (a month is 28 to 31 days, and a billing day of
 * the 31st falls on the 28th in February). Two billing dates must never fall in one window, or the
 * second pull is refused, so the window is the shortest the interval can be: 28 days a month, 365
 * days a year. The customer's consent text states it as such ("at most X every 28 days").
 */
const SHORTEST_SECONDS: Record<Interval, bigint> = {
  minute: 60n,
  hour: 3_600n,
  day: 86_400n,
  week: 604_800n,
  month: 28n * 86_400n,
  year: 365n * 86_400n,
};

export function mandateCycleSeconds(interval: Interval, count: number): bigint {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`interval_count must be a positive integer, got ${count}`);
  return SHORTEST_SECONDS[interval] * BigInt(count);
}
