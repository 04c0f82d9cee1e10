/**
 * Where every service takes the time from. Production reads the wall clock; a test clock stands still
 * until a test moves it, so expiry, retries and (later) billing cycles can be tried in seconds.
 */
export interface Clock {
  /** Unix milliseconds. */
  nowMs(): number;
  /** Unix seconds, the unit of every timestamp on the wire. */
  nowUnix(): number;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowUnix: () => Math.floor(Date.now() / 1000),
};

export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  nowMs(): number {
    return this.ms;
  }
  nowUnix(): number {
    return Math.floor(this.ms / 1000);
  }
  /** Moves time forward; it never goes back. */
  advance(by: { seconds?: number; ms?: number }): void {
    const step = (by.seconds ?? 0) * 1000 + (by.ms ?? 0);
    if (step < 0) throw new Error('a test clock only moves forward');
    this.ms += step;
  }
}
