import { describe, expect, it } from 'vitest';
import { fromLocalInput, oneMonthLater, toLocalInput } from './clock-time.ts';

/** A time on the local clock, as the field reads it (month from 1): the test holds in any zone. */
const local = (year: number, month: number, day: number, hours: number, minutes: number, seconds = 0) =>
  Math.floor(new Date(year, month - 1, day, hours, minutes, seconds).getTime() / 1000);

describe('clock time', () => {
  it('writes a time as the field takes it, to the minute', () => {
    expect(toLocalInput(local(2026, 1, 5, 9, 7, 42))).toBe('2026-01-05T09:07');
    expect(toLocalInput(local(2026, 12, 31, 23, 59))).toBe('2026-12-31T23:59');
  });

  it('reads what the field holds, with or without seconds', () => {
    expect(fromLocalInput('2026-01-05T09:07')).toBe(local(2026, 1, 5, 9, 7));
    expect(fromLocalInput('2026-01-05T09:07:30')).toBe(local(2026, 1, 5, 9, 7, 30));
    expect(fromLocalInput(toLocalInput(local(2026, 7, 14, 18, 30)))).toBe(local(2026, 7, 14, 18, 30));
  });

  it('reads an empty, partial or impossible value as no time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-01-05')).toBeNull();
    expect(fromLocalInput('2026-02-30T10:00')).toBeNull();
    expect(fromLocalInput('2026-01-05T24:00')).toBeNull();
  });

  it('moves a month on, to the same day or the last day of a shorter month', () => {
    expect(oneMonthLater(local(2026, 1, 15, 10, 30))).toBe(local(2026, 2, 15, 10, 30));
    expect(oneMonthLater(local(2026, 1, 31, 10, 30))).toBe(local(2026, 2, 28, 10, 30));
    expect(oneMonthLater(local(2028, 1, 31, 8, 0))).toBe(local(2028, 2, 29, 8, 0));
    expect(oneMonthLater(local(2026, 12, 31, 23, 0))).toBe(local(2027, 1, 31, 23, 0));
  });
});
