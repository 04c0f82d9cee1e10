import type { TestClockStatus } from '@kiosk/contracts';
import { defineMachine } from '@kiosk/core';
import type { Kysely } from 'kysely';
import type { Row } from '../columns.ts';
import type { Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

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

/** A customer row with the clock it is on (the same migration adds the column). */
export type ClockedCustomerRow = PaymentsTables['customers'] & { test_clock_id: string | null };

/**
 * Kiosk Pay's tables as the test clocks see them: theirs, and the customers with their clock. The
 * rest of the module reads customers without it, as if there were no clocks.
 */
export type TestClockTables = Omit<PaymentsTables, 'customers'> & {
  test_clocks: TestClockRow;
  customers: ClockedCustomerRow;
};
export type TestClockDb = Kysely<TestClockTables>;

/** The same handle (and transaction), typed with the clock columns. */
export const clockDb = (db: Executor): TestClockDb => db as unknown as TestClockDb;

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
