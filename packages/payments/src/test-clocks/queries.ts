import type { PageQuery, TestClockObject } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { pageOf } from '@kiosk/platform';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import type { PaymentsTables } from '../tables.ts';
import type { TestClockRow } from './table.ts';
import { testClockView } from './view.ts';

/**
 * A clock of this mode that is not deleted, held until the transaction ends (PostgreSQL row lock;
 * SQLite has one writer at a time); 404 TEST_CLOCK_NOT_FOUND otherwise.
 */
export async function lockTestClock(deps: Deps, trx: Executor, livemode: boolean, id: string) {
  let query = trx
    .selectFrom('test_clocks')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .where('deleted_at', 'is', null);
  if (deps.engine === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new KioskError('TEST_CLOCK_NOT_FOUND', { status: 404 });
  return row;
}

export async function findTestClockRow(db: Executor, id: string): Promise<TestClockRow | undefined> {
  return db.selectFrom('test_clocks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getTestClock(db: Executor, livemode: boolean, id: string): Promise<TestClockObject> {
  const row = await findTestClockRow(db, id);
  if (!row || row.deleted_at !== null || flag(row.livemode) !== livemode)
    throw new KioskError('TEST_CLOCK_NOT_FOUND', { status: 404 });
  return testClockView(row);
}

/** The clocks of this mode that are not deleted, newest first. */
export async function listTestClocks(db: Executor, livemode: boolean, paging: PageQuery) {
  const query = db.selectFrom('test_clocks').where('livemode', '=', livemode).where('deleted_at', 'is', null);
  const { rows, count } = await pageOf<PaymentsTables, 'test_clocks'>(query, paging);
  return { list: rows.map(testClockView), count };
}

/**
 * The customers on a clock (`testClockId`), or on any clock (null): the billing sweep bills the
 * first only on that clock's time, and leaves the second out of the wall clock's.
 */
export function customersOnClock(db: Executor, testClockId: string | null) {
  const customers = db.selectFrom('customers').select('id');
  return testClockId === null
    ? customers.where('test_clock_id', 'is not', null)
    : customers.where('test_clock_id', '=', testClockId);
}
