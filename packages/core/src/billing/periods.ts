import { SECONDS, type Interval } from '../dates.ts';

/**
 * Billing periods of a recurring price, in unix seconds and in UTC. Time always comes in as an
 * argument: these rules never read a clock, so a test clock moves a subscription through a year of
 * cycles by passing other numbers.
 *
 * Every period boundary is counted from the billing anchor (`billing_cycle_anchor`), never from the
 * previous boundary. For months and years that is what keeps Stripe's behaviour: a boundary that falls
 * on a day the month lacks is clamped to the month's last day (Jan 31 + 1 month = Feb 28, or 29 in a
 * leap year), and the anchor day comes back as soon as a month has it (Mar 31, not Mar 28). Minutes,
 * hours, days and weeks are fixed lengths: UTC has no daylight saving, so a day is always 86 400 s.
 *
 * Seed 000 §9's "a month is 30 days, a year 365" is for comparing prices (the upsell saving), not for
 * billing: a customer billed on the 31st is billed on the 31st.
 */

export interface RecurringInterval {
  interval: Interval;
  interval_count: number;
}

export interface BillingPeriod {
  /** Inclusive: the first second of the period. */
  start: number;
  /** Exclusive: the first second of the next period, when its invoice falls due. */
  end: number;
  /** Which period this is: 0 starts at the anchor, 1 follows it, -1 precedes it. */
  cycle: number;
}

const DAY = SECONDS.day;

function monthsPerInterval(recurring: RecurringInterval): number | undefined {
  if (recurring.interval === 'month') return recurring.interval_count;
  if (recurring.interval === 'year') return 12 * recurring.interval_count;
  return undefined;
}

function checkRecurring(recurring: RecurringInterval): void {
  if (!Number.isSafeInteger(recurring.interval_count) || recurring.interval_count < 1)
    throw new RangeError(`interval_count must be a positive integer, not ${recurring.interval_count}`);
}

/** `anchor` moved by `months` calendar months, the day clamped to the target month's last day. */
export function addMonths(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  const timeOfDay = anchor - Math.floor(anchor / DAY) * DAY;
  return Date.UTC(year, month, day) / 1000 + timeOfDay;
}

/** The boundary `cycles` periods after the anchor (before it when negative). */
export function periodBoundary(anchor: number, recurring: RecurringInterval, cycles: number): number {
  checkRecurring(recurring);
  const months = monthsPerInterval(recurring);
  if (months !== undefined) return addMonths(anchor, months * cycles);
  return anchor + SECONDS[recurring.interval] * recurring.interval_count * cycles;
}

/** The billing period that holds `at` (start ≤ at < end), for any time before or after the anchor. */
export function periodContaining(anchor: number, recurring: RecurringInterval, at: number): BillingPeriod {
  checkRecurring(recurring);
  const months = monthsPerInterval(recurring);
  let cycle: number;
  if (months === undefined) {
    cycle = Math.floor((at - anchor) / (SECONDS[recurring.interval] * recurring.interval_count));
  } else {
    // An estimate from the calendar months between the two, then corrected by at most a step or two.
    const from = new Date(anchor * 1000);
    const to = new Date(at * 1000);
    const between =
      (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
    cycle = Math.floor(between / months);
    while (periodBoundary(anchor, recurring, cycle) > at) cycle -= 1;
    while (periodBoundary(anchor, recurring, cycle + 1) <= at) cycle += 1;
  }
  return {
    start: periodBoundary(anchor, recurring, cycle),
    end: periodBoundary(anchor, recurring, cycle + 1),
    cycle,
  };
}

/** The first period end strictly after `at`: when the next invoice of a subscription falls due. */
export function nextPeriodEnd(anchor: number, recurring: RecurringInterval, at: number): number {
  return periodContaining(anchor, recurring, at).end;
}

export interface TrialTerms {
  trial_period_days?: number | null;
  /** Unix seconds. */
  trial_end?: number | null;
}

/**
 * When a trial started at `start` ends, or undefined when there is none. An explicit `trial_end` wins
 * over `trial_period_days` (it is the more precise of the two, as in Stripe); a `trial_end` that is not
 * after `start` or zero days mean no trial. Checking that a requested trial_end lies in the future is
 * the contract's work, with its own message.
 */
export function trialEnd(terms: TrialTerms, start: number): number | undefined {
  if (terms.trial_end !== undefined && terms.trial_end !== null)
    return terms.trial_end > start ? terms.trial_end : undefined;
  const days = terms.trial_period_days ?? 0;
  if (!Number.isSafeInteger(days) || days < 0)
    throw new RangeError(`trial_period_days must be a whole number of days, not ${days}`);
  return days > 0 ? start + days * DAY : undefined;
}
