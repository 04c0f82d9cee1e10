import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate.ts';
import { trialCountdown, trialCountdownMessage } from './trial-countdown.ts';

const end = 1_000_000;
const left = (seconds: number) => trialCountdown(end, end - seconds);

describe('trialCountdown', () => {
  it('counts minutes under 1 hour, hours under 1 day, else days (seed 000 §4)', () => {
    expect(left(59 * 60 + 59)).toEqual({ unit: 'minute', count: 59 });
    expect(left(3_600)).toEqual({ unit: 'hour', count: 1 });
    expect(left(23 * 3_600 + 3_599)).toEqual({ unit: 'hour', count: 23 });
    expect(left(86_400)).toEqual({ unit: 'day', count: 1 });
    expect(left(7 * 86_400)).toEqual({ unit: 'day', count: 7 });
  });
  it('rounds down, like a countdown: a 7-day trial shows 6 days one second in', () => {
    expect(left(7 * 86_400 - 1)).toEqual({ unit: 'day', count: 6 });
    expect(left(2 * 86_400 - 1)).toEqual({ unit: 'day', count: 1 });
  });
  it('never shows 0 while time is left, and nothing once the trial has ended', () => {
    expect(left(1)).toEqual({ unit: 'minute', count: 1 });
    expect(left(59)).toEqual({ unit: 'minute', count: 1 });
    expect(left(0)).toBeUndefined();
    expect(left(-5)).toBeUndefined();
  });
});

describe('trialCountdownMessage', () => {
  it('says the countdown in en and zh, singular and plural', () => {
    const say = (seconds: number, locale: 'en' | 'zh') => {
      const { key, params } = trialCountdownMessage(left(seconds)!);
      return translate(locale, key, params);
    };
    expect(say(60, 'en')).toBe('Trial ends in 1 minute');
    expect(say(30 * 60, 'en')).toBe('Trial ends in 30 minutes');
    expect(say(3_600, 'en')).toBe('Trial ends in 1 hour');
    expect(say(5 * 3_600, 'en')).toBe('Trial ends in 5 hours');
    expect(say(86_400, 'en')).toBe('Trial ends in 1 day');
    expect(say(14 * 86_400, 'en')).toBe('Trial ends in 14 days');
    expect(say(30 * 60, 'zh')).toBe('试用期将在 30 分钟后结束');
    expect(say(5 * 3_600, 'zh')).toBe('试用期将在 5 小时后结束');
    expect(say(14 * 86_400, 'zh')).toBe('试用期将在 14 天后结束');
  });
});
