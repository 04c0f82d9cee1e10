import type { TestClockStatus } from '@kiosk/contracts';
import { defineMachine } from '@kiosk/core';
import type { Row } from '../columns.ts';

/**
 * A test clock (migration 20261130_10): its frozen time, its status, the time an advance under way
 * takes it to, and when it was deleted (a deleted clock is kept, and answers 404).
 */
export type TestClockRow = Row & {
  name: string | null;
  frozen_time: number;
  status: TestClockStatus;
  advancing_to: number | null;
  deleted_at: number | null;
};

/**
 * A clock is ready until it is advanced; an advance ends ready again, or in internal_failure when its
 * billing threw (it may be advanced again, which bills what is still due).
 */
export const testClockMachine = defineMachine<TestClockStatus>({
  resource: 'test_helpers.test_clock',
  states: ['ready', 'advancing', 'internal_failure'],
  initial: ['ready'],
  transitions: {
    ready: ['advancing'],
    advancing: ['ready', 'internal_failure'],
    internal_failure: ['advancing'],
  },
});
