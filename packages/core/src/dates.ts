/** Seed 000 §9: a month is approximated as 30 days and a year as 365 days. */
export const SECONDS = {
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 604_800,
  month: 30 * 86_400,
  year: 365 * 86_400,
} as const;

export type Interval = keyof typeof SECONDS;

/** Length of `count` intervals in seconds (`intervalSeconds('month', 3)` is 90 days). */
export function intervalSeconds(interval: Interval, count = 1): number {
  return SECONDS[interval] * count;
}

/** Now in unix seconds, the unit of `expires_at` and every other timestamp on the wire. */
export function nowUnix(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000);
}

export function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}
