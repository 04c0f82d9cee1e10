/**
 * Seed 000 §4's trial countdown: minutes under 1 hour, hours under 1 day, else days. The unit is
 * chosen on the time left; the count is whole units left, rounded down (a 7-day trial shows "6 days"
 * one second after it starts, as a countdown does), but never 0 while any time is left: the last
 * minute shows "1 minute". A trial that has ended has no countdown.
 */

export type CountdownUnit = 'minute' | 'hour' | 'day';

export interface TrialCountdown {
  unit: CountdownUnit;
  count: number;
}

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;

/** The countdown at `now` to a trial ending at `trialEnd` (both unix seconds); undefined once ended. */
export function trialCountdown(trialEnd: number, now: number): TrialCountdown | undefined {
  const left = trialEnd - now;
  if (left <= 0) return undefined;
  const [unit, size]: [CountdownUnit, number] =
    left < HOUR ? ['minute', MINUTE] : left < DAY ? ['hour', HOUR] : ['day', DAY];
  return { unit, count: Math.max(1, Math.floor(left / size)) };
}

/** The i18n key and parameters that say a countdown (`billing.trialEndsIn.day.other` …). */
export function trialCountdownMessage(countdown: TrialCountdown): {
  key: `billing.trialEndsIn.${CountdownUnit}.${'one' | 'other'}`;
  params: { count: number };
} {
  const form = countdown.count === 1 ? 'one' : 'other';
  return { key: `billing.trialEndsIn.${countdown.unit}.${form}`, params: { count: countdown.count } };
}
