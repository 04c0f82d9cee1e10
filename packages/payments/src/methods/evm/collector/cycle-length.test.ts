import { describe, expect, it } from 'vitest';
import { mandateCycleSeconds } from './cycle-length.ts';

const DAY = 86_400;

/** Unix seconds of the billing date `months` after an anchor day, clamped to the month's end (Jan 31 → Feb 28). */
function billingDate(year: number, month: number, anchorDay: number, months: number): number {
  const first = new Date(Date.UTC(year, month + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(anchorDay, lastDay)) / 1000;
}

describe('the mandate cycle of a recurring price', () => {
  it('is exact for fixed intervals and the shortest length for calendar ones', () => {
    expect(mandateCycleSeconds('minute', 1)).toBe(60n);
    expect(mandateCycleSeconds('hour', 2)).toBe(7_200n);
    expect(mandateCycleSeconds('day', 1)).toBe(86_400n);
    expect(mandateCycleSeconds('week', 2)).toBe(1_209_600n);
    expect(mandateCycleSeconds('month', 1)).toBe(BigInt(28 * DAY));
    expect(mandateCycleSeconds('month', 3)).toBe(BigInt(84 * DAY));
    expect(mandateCycleSeconds('year', 1)).toBe(BigInt(365 * DAY));
    expect(() => mandateCycleSeconds('month', 0)).toThrow(RangeError);
  });

  it('never puts two calendar billing dates in one cycle, for any anchor day over years of months', () => {
    for (const count of [1, 3, 6, 12]) {
      const cycle = Number(mandateCycleSeconds('month', count));
      for (let anchorDay = 1; anchorDay <= 31; anchorDay++) {
        for (let period = 0; period < 120; period += count) {
          const gap =
            billingDate(2024, 0, anchorDay, period + count) - billingDate(2024, 0, anchorDay, period);
          expect(gap).toBeGreaterThanOrEqual(cycle);
        }
      }
    }
    const yearly = Number(mandateCycleSeconds('year', 1));
    for (let year = 2023; year < 2033; year++)
      expect(billingDate(year + 1, 1, 29, 0) - billingDate(year, 1, 29, 0)).toBeGreaterThanOrEqual(yearly);
  });
});
