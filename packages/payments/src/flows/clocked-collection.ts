import type { Deps } from '../deps.ts';
import type { ClockScope } from '../test-clocks/scope.ts';
import { collectInvoices, dueInvoicePages, type CollectionOutcome } from './collection.ts';

/**
 * Collection for customers on a test clock (docs/test-clocks.md): their invoices are collected on
 * their clock's time, never the wall clock's, so a failed attempt is retried 1, 3 and 5 clock days on
 * and the subscription goes past due when the clock, not the wall, gets there.
 */

/**
 * A collection job's invoices: the wall clock's customers' now, and each test clock's customers' at
 * that clock's time, when their attempt is due by then (else its next advance collects them).
 */
export async function collectOnTheirClocks(
  deps: Deps,
  invoiceIds: string[],
): Promise<Map<string, CollectionOutcome>> {
  const outcomes = await collectInvoices(deps, invoiceIds);
  // A clocked customer's invoice is among those the wall clock skipped (none, nearly always).
  const skipped = invoiceIds.filter((id) => outcomes.get(id) === 'skipped');
  if (skipped.length === 0) return outcomes;
  const clocked = await deps.db
    .selectFrom('invoices')
    .innerJoin('customers', 'customers.id', 'invoices.customer_id')
    .innerJoin('test_clocks', 'test_clocks.id', 'customers.test_clock_id')
    .select(['invoices.id', 'test_clocks.id as clock', 'test_clocks.frozen_time'])
    .where('invoices.id', 'in', skipped)
    .where('test_clocks.deleted_at', 'is', null)
    .execute();
  for (const clock of new Set(clocked.map((row) => row.clock))) {
    const rows = clocked.filter((row) => row.clock === clock);
    const scope = { testClockId: clock, now: Number(rows[0]!.frozen_time) };
    const ids = rows.map((row) => row.id);
    for (const [id, outcome] of await collectInvoices(deps, ids, scope)) outcomes.set(id, outcome);
  }
  return outcomes;
}

/**
 * A clock's advance collects what falls due on its time: every open invoice of the clock's customers
 * whose attempt is due at `scope.now`. Answers how many it attempted; each attempt leaves its invoice
 * paid or due later, so a repeat finds only new ones.
 */
export async function collectDueOnClock(deps: Deps, scope: ClockScope): Promise<number> {
  let attempted = 0;
  for await (const ids of dueInvoicePages(deps, scope.now, scope.testClockId)) {
    const outcomes = await collectInvoices(deps, ids, scope);
    attempted += [...outcomes.values()].filter((outcome) => outcome !== 'skipped').length;
  }
  return attempted;
}
