import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLivemode, setLivemode, subscribeLivemode } from './livemode.ts';

afterEach(() => window.localStorage.clear());

describe('livemode', () => {
  it('is live when nothing is stored', () => {
    expect(getLivemode()).toBe(true);
  });

  it('is test mode only for the exact text false', () => {
    for (const [stored, live] of [
      ['false', false],
      ['true', true],
      ['False', true],
      ['0', true],
      ['', true],
    ] as const) {
      window.localStorage.setItem('livemode', stored);
      expect(getLivemode(), stored).toBe(live);
    }
  });

  it('stores the mode and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLivemode(listener);
    setLivemode(false);
    expect(window.localStorage.getItem('livemode')).toBe('false');
    expect(getLivemode()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    setLivemode(true);
    expect(getLivemode()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
