import { expect, it } from 'vitest';
import { fromUnix, intervalSeconds, nowUnix } from './dates.ts';

it('approximates a month as 30 days and a year as 365 days', () => {
  expect(intervalSeconds('month')).toBe(30 * 86_400);
  expect(intervalSeconds('month', 6)).toBe(180 * 86_400);
  expect(intervalSeconds('year')).toBe(365 * 86_400);
});

it('converts between dates and unix seconds', () => {
  const date = new Date('2026-01-02T03:04:05.678Z');
  expect(nowUnix(date)).toBe(1_767_323_045);
  expect(fromUnix(1_767_323_045).toISOString()).toBe('2026-01-02T03:04:05.000Z');
});
