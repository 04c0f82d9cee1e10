import type { customerTestClockInput, TestClockObject, testClockInput } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { discardIncompleteSubscription } from '../flows/expire-checkout.ts';
import { collectDueOnClock } from '../flows/clocked-collection.ts';
import { billDueSubscriptions } from '../flows/renewal.ts';
import { BILLED_STATUSES } from '../subscriptions/service.ts';
import { findTestClockRow, lockTestClock } from './queries.ts';
import { frozenAt } from './scope.ts';
import { customerView } from '../customers/view.ts';
import { testClockView } from './view.ts';

/** The job that bills what an advance made due, then sets the clock to its new time. */
export const TEST_CLOCK_ADVANCE_JOB = 'test-clocks.advance';

/** Ids that sort by creation, as every Kiosk id (core's ids.ts has no prefix of Stripe's `clock_`). */
const newClockId = () => `clock_${newId('job').slice('job_'.length)}`;

/** Test clocks are of test mode: in live mode every route refuses. */
export function refuseLiveMode(livemode: boolean): void {
  if (livemode) throw new KioskError('TEST_CLOCK_LIVEMODE', { status: 400 });
}

export async function createTestClock(
  deps: Deps,
  input: z.infer<typeof testClockInput>,
): Promise<TestClockObject> {
  const row = await deps.resources.testClocks.insert(
    deps.db,
    {
      id: newClockId(),
      livemode: false,
      name: input.name,
      frozen_time: input.frozen_time,
      status: 'ready',
      advancing_to: null,
      deleted_at: null,
      ...stamps(deps.clock),
    },
    'test_helpers.test_clock.created',
  );
  return testClockView(row);
}

/**
 * Starts an advance: in one transaction the clock becomes `advancing` (its event recorded) and the job
 * that bills is queued. Answers the clock as it is then; the job moves it to ready at `frozenTime`.
 */
export async function advanceTestClock(deps: Deps, id: string, frozenTime: number): Promise<TestClockObject> {
  const row = await transaction(deps.db, async (trx) => {
    const clock = await lockTestClock(deps, trx, false, id);
    if (clock.status === 'advancing') throw new KioskError('TEST_CLOCK_ADVANCING', { status: 409 });
    if (frozenTime <= Number(clock.frozen_time))
      throw new KioskError('TEST_CLOCK_BACKWARDS', { status: 400 });
    const advancing = await deps.resources.testClocks.transition(trx, id, clock.status, 'advancing', {
      type: 'test_helpers.test_clock.advancing',
      set: { advancing_to: frozenTime },
    });
    await deps.jobs.enqueue(trx, TEST_CLOCK_ADVANCE_JOB, { testClockId: id });
    return advancing!;
  });
  deps.jobs.wake();
  return testClockView(row);
}

/**
 * The advance's work, outside the transaction that began it: the clock's customers' subscriptions are
 * billed and collected at the new time, a sweep at a time until one bills and collects nothing (a
 * subscription several periods behind moves one period a sweep), and the clock is then set to that time and ready. Should billing
 * throw, the clock ends in internal_failure (what was billed stays billed; advancing again bills the
 * rest). A repeat of the job after the clock left `advancing` does nothing.
 */
export async function runTestClockAdvance(deps: Deps, id: string): Promise<void> {
  const clock = await findTestClockRow(deps.db, id);
  if (clock?.status !== 'advancing' || clock.advancing_to === null) return;
  const now = Number(clock.advancing_to);
  try {
    const scope = { testClockId: id, now };
    while ((await billDueSubscriptions(deps, scope)) + (await collectDueOnClock(deps, scope)) > 0);
  } catch (error) {
    await deps.resources.testClocks.transition(deps.db, id, 'advancing', 'internal_failure', {
      type: 'test_helpers.test_clock.internal_failure',
      set: { advancing_to: null },
    });
    throw error;
  }
  await transaction(deps.db, (trx) =>
    deps.resources.testClocks.transition(trx, id, 'advancing', 'ready', {
      type: 'test_helpers.test_clock.ready',
      set: { frozen_time: now, advancing_to: null },
    }),
  );
}

/**
 * Deletes a clock: its customers' subscriptions are cancelled at once on its time (through the
 * subscriptions' own cancel), its customers taken off it, and the clock marked deleted (it answers
 * 404 from then on). Refused while it is advancing.
 */
export async function deleteTestClock(deps: Deps, id: string) {
  await transaction(deps.db, async (trx) => {
    const clock = await lockTestClock(deps, trx, false, id);
    if (clock.status === 'advancing') throw new KioskError('TEST_CLOCK_ADVANCING', { status: 409 });
    const onClock = { ...deps, clock: frozenAt(Number(clock.frozen_time)) };
    for (const subscription of await liveSubscriptionsOf(trx, id))
      await discardIncompleteSubscription(onClock, subscription.id, { at: 'now', requestedBy: 'merchant' });
    const customers = await trx
      .updateTable('customers')
      .set({ test_clock_id: null, updated_at: deps.clock.nowUnix() })
      .where('test_clock_id', '=', id)
      .returningAll()
      .execute();
    for (const customer of customers)
      await deps.resources.customers.record(trx, customer, 'customer.updated');
    await deps.resources.testClocks.update(
      trx,
      id,
      { deleted_at: deps.clock.nowUnix() },
      'test_helpers.test_clock.deleted',
      ['ready', 'internal_failure'],
    );
  });
  return { id, object: 'test_helpers.test_clock' as const, deleted: true as const };
}

/** The subscriptions of a clock's customers that have not ended. */
function liveSubscriptionsOf(trx: Executor, testClockId: string) {
  return trx
    .selectFrom('subscriptions')
    .innerJoin('customers', 'customers.id', 'subscriptions.customer_id')
    .select('subscriptions.id')
    .where('customers.test_clock_id', '=', testClockId)
    .where('subscriptions.status', 'not in', ['canceled', 'incomplete_expired'])
    .orderBy('subscriptions.id')
    .execute();
}

/**
 * Puts a test customer on a clock, or takes it off one (null). A customer whose subscriptions are
 * being billed (on the wall clock's time, or on another clock's) stays where it is: 409
 * CUSTOMER_HAS_SUBSCRIPTIONS. A customer may join a clock while its first subscription waits for the
 * customer's authorisation (incomplete): that one is billed on the clock's time from then on.
 */
export async function setCustomerTestClock(
  deps: Deps,
  customerId: string,
  input: z.infer<typeof customerTestClockInput>,
) {
  return transaction(deps.db, async (trx) => {
    let reading = trx
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', customerId)
      .where('livemode', '=', false);
    if (deps.engine === 'postgres') reading = reading.forUpdate();
    const customer = await reading.executeTakeFirst();
    if (!customer) throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
    if (input.test_clock !== null) {
      const clock = await lockTestClock(deps, trx, false, input.test_clock);
      if (clock.status === 'advancing') throw new KioskError('TEST_CLOCK_ADVANCING', { status: 409 });
    }
    if (customer.test_clock_id === input.test_clock) return customerView(customer);
    const billed = await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('status', 'in', BILLED_STATUSES)
      .executeTakeFirst();
    if (billed) throw new KioskError('CUSTOMER_HAS_SUBSCRIPTIONS', { status: 409 });
    const row = await trx
      .updateTable('customers')
      .set({ test_clock_id: input.test_clock, updated_at: deps.clock.nowUnix() })
      .where('id', '=', customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.resources.customers.record(trx, row, 'customer.updated');
    return customerView(row);
  });
}
