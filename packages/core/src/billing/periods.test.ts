import { describe, expect, it } from 'vitest';
import { addMonths, nextPeriodEnd, periodBoundary, periodContaining, trialEnd } from './periods.ts';

const unix = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const monthly = { interval: 'month', interval_count: 1 } as const;

describe('monthly periods', () => {
  it('clamp Jan 31 to the last day of February and keep the anchor day afterwards', () => {
    const anchor = unix('2025-01-31T10:20:30Z');
    const ends = Array.from({ length: 13 }, (_, i) => iso(periodBoundary(anchor, monthly, i + 1)));
    expect(ends).toEqual([
      '2025-02-28T10:20:30.000Z',
      '2025-03-31T10:20:30.000Z',
      '2025-04-30T10:20:30.000Z',
      '2025-05-31T10:20:30.000Z',
      '2025-06-30T10:20:30.000Z',
      '2025-07-31T10:20:30.000Z',
      '2025-08-31T10:20:30.000Z',
      '2025-09-30T10:20:30.000Z',
      '2025-10-31T10:20:30.000Z',
      '2025-11-30T10:20:30.000Z',
      '2025-12-31T10:20:30.000Z',
      '2026-01-31T10:20:30.000Z',
      '2026-02-28T10:20:30.000Z',
    ]);
  });

  it('give February 29 in a leap year', () => {
    expect(iso(addMonths(unix('2024-01-31T00:00:00Z'), 1))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(addMonths(unix('2024-01-30T00:00:00Z'), 1))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(addMonths(unix('2024-01-29T00:00:00Z'), 1))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(addMonths(unix('2024-01-28T00:00:00Z'), 1))).toBe('2024-02-28T00:00:00.000Z');
  });

  it('run a year of cycles back to back, each ending where the next begins', () => {
    const anchor = unix('2024-03-31T23:59:59Z');
    let at = anchor;
    const starts: string[] = [];
    for (let cycle = 0; cycle < 12; cycle += 1) {
      const period = periodContaining(anchor, monthly, at);
      expect(period.cycle).toBe(cycle);
      expect(period.start).toBe(at);
      starts.push(iso(period.start).slice(0, 10));
      at = period.end;
    }
    expect(starts).toEqual([
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
      '2025-02-28',
    ]);
    expect(iso(at)).toBe('2025-03-31T23:59:59.000Z');
  });

  it('count every 3 and every 6 months from the anchor', () => {
    const anchor = unix('2025-08-31T00:00:00Z');
    const quarterly = { interval: 'month', interval_count: 3 } as const;
    const halfYearly = { interval: 'month', interval_count: 6 } as const;
    expect([1, 2, 3, 4].map((n) => iso(periodBoundary(anchor, quarterly, n)).slice(0, 10))).toEqual([
      '2025-11-30',
      '2026-02-28',
      '2026-05-31',
      '2026-08-31',
    ]);
    expect([1, 2].map((n) => iso(periodBoundary(anchor, halfYearly, n)).slice(0, 10))).toEqual([
      '2026-02-28',
      '2026-08-31',
    ]);
  });
});

describe('yearly periods', () => {
  it('bill a Feb 29 anchor on Feb 28 in common years and on Feb 29 again in leap years', () => {
    const anchor = unix('2024-02-29T12:00:00Z');
    const yearly = { interval: 'year', interval_count: 1 } as const;
    expect([1, 2, 3, 4].map((n) => iso(periodBoundary(anchor, yearly, n)).slice(0, 10))).toEqual([
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(iso(periodBoundary(anchor, { interval: 'year', interval_count: 2 }, 1)).slice(0, 10)).toBe(
      '2026-02-28',
    );
  });
});

describe('fixed-length intervals', () => {
  const anchor = unix('2025-03-30T00:30:00Z'); // a European DST night: UTC ignores it
  it.each([
    ['minute', 1, 60],
    ['minute', 15, 900],
    ['hour', 1, 3_600],
    ['hour', 6, 21_600],
    ['day', 1, 86_400],
    ['day', 10, 864_000],
    ['week', 1, 604_800],
    ['week', 2, 1_209_600],
  ] as const)('every %s × %i lasts %i seconds', (interval, count, seconds) => {
    const recurring = { interval, interval_count: count };
    expect(periodBoundary(anchor, recurring, 1) - anchor).toBe(seconds);
    expect(periodBoundary(anchor, recurring, 365) - anchor).toBe(seconds * 365);
    expect(periodContaining(anchor, recurring, anchor + seconds * 7 + 1)).toEqual({
      start: anchor + seconds * 7,
      end: anchor + seconds * 8,
      cycle: 7,
    });
  });

  it('give a year of daily cycles 365 periods, 366 across Feb 29', () => {
    const daily = { interval: 'day', interval_count: 1 } as const;
    expect(periodContaining(unix('2025-01-01T00:00:00Z'), daily, unix('2025-12-31T23:59:59Z')).cycle).toBe(
      364,
    );
    expect(periodContaining(unix('2024-01-01T00:00:00Z'), daily, unix('2024-12-31T23:59:59Z')).cycle).toBe(
      365,
    );
  });
});

describe('periodContaining', () => {
  const anchor = unix('2025-01-31T00:00:00Z');
  it('puts a boundary second in the period it starts, the second before it in the one it ends', () => {
    const march = unix('2025-03-31T00:00:00Z');
    expect(periodContaining(anchor, monthly, march)).toMatchObject({ start: march, cycle: 2 });
    expect(periodContaining(anchor, monthly, march - 1)).toMatchObject({ end: march, cycle: 1 });
    expect(nextPeriodEnd(anchor, monthly, march - 1)).toBe(march);
    expect(nextPeriodEnd(anchor, monthly, march)).toBe(unix('2025-04-30T00:00:00Z'));
  });

  it('answers periods before the anchor too (a billing_cycle_anchor set in the future)', () => {
    expect(periodContaining(anchor, monthly, unix('2025-01-15T00:00:00Z'))).toEqual({
      start: unix('2024-12-31T00:00:00Z'),
      end: unix('2025-01-31T00:00:00Z'),
      cycle: -1,
    });
    expect(periodContaining(anchor, { interval: 'day', interval_count: 1 }, anchor - 1).cycle).toBe(-1);
  });

  it('finds the period of every day of a leap year for a month-end anchor', () => {
    const start = unix('2024-01-31T00:00:00Z');
    for (let at = start; at < start + 366 * 86_400; at += 86_400 / 2) {
      const period = periodContaining(start, monthly, at);
      expect(period.start).toBeLessThanOrEqual(at);
      expect(period.end).toBeGreaterThan(at);
      expect(period.end).toBe(periodBoundary(start, monthly, period.cycle + 1));
    }
  });

  it('refuses an interval_count that is not a positive integer', () => {
    expect(() => periodBoundary(anchor, { interval: 'month', interval_count: 0 }, 1)).toThrow(RangeError);
    expect(() => periodContaining(anchor, { interval: 'day', interval_count: 1.5 }, anchor)).toThrow(
      RangeError,
    );
  });
});

describe('trialEnd', () => {
  const start = unix('2025-02-25T08:00:00Z');
  it('adds trial_period_days as whole UTC days', () => {
    expect(iso(trialEnd({ trial_period_days: 7 }, start)!)).toBe('2025-03-04T08:00:00.000Z');
    expect(iso(trialEnd({ trial_period_days: 7 }, unix('2024-02-25T08:00:00Z'))!)).toBe(
      '2024-03-03T08:00:00.000Z',
    );
  });
  it('takes an explicit trial_end over trial_period_days', () => {
    expect(trialEnd({ trial_period_days: 7, trial_end: start + 60 }, start)).toBe(start + 60);
  });
  it('means no trial for zero days, nothing given, or a trial_end already passed', () => {
    expect(trialEnd({ trial_period_days: 0 }, start)).toBeUndefined();
    expect(trialEnd({}, start)).toBeUndefined();
    expect(trialEnd({ trial_period_days: null, trial_end: null }, start)).toBeUndefined();
    expect(trialEnd({ trial_end: start }, start)).toBeUndefined();
  });
  it('refuses a fractional or negative number of days', () => {
    expect(() => trialEnd({ trial_period_days: 1.5 }, start)).toThrow(RangeError);
    expect(() => trialEnd({ trial_period_days: -1 }, start)).toThrow(RangeError);
  });
});
