import type { Clock } from '@kiosk/platform';
import type { Deps } from '../deps.ts';

/** One test clock's billing and collection: its customers' subscriptions, at its time (unix seconds). */
export interface ClockScope {
  testClockId: string;
  now: number;
}

/** A clock that stands at `unix`. */
export const frozenAt = (unix: number): Clock => ({ nowMs: () => unix * 1000, nowUnix: () => unix });

/** The deps a sweep runs with: the wall clock's, or in a clock's scope, the clock's time. */
export const depsOnClock = (deps: Deps, scope: ClockScope | undefined): Deps =>
  scope ? { ...deps, clock: frozenAt(scope.now) } : deps;
