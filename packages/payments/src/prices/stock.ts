import { type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';

export interface Stock {
  quantity_available: number;
  quantity_sold: number;
  quantity_limit_per_checkout: number;
}

/**
 * The stock of these prices, held until the transaction ends, so that counting what is left and
 * taking it is one step: PostgreSQL locks the rows (in id order, so two orders never wait for each
 * other in a circle) and reads them after the lock, so it is the latest; SQLite has one writer at a
 * time, so what this transaction read already (`read`) is the latest and nothing is read again.
 */
export async function lockStock(
  deps: Deps,
  trx: Executor,
  priceIds: string[],
  read?: ReadonlyMap<string, Stock>,
): Promise<Map<string, Stock>> {
  const ids = [...new Set(priceIds)].sort();
  if (ids.length === 0) return new Map();
  if (deps.engine === 'sqlite' && read && ids.every((id) => read.has(id)))
    return new Map(ids.map((id) => [id, read.get(id)!]));
  let query = trx
    .selectFrom('prices')
    .select(['id', 'quantity_available', 'quantity_sold', 'quantity_limit_per_checkout'])
    .where('id', 'in', ids)
    .orderBy('id');
  if (deps.engine === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        quantity_available: Number(row.quantity_available),
        quantity_sold: Number(row.quantity_sold),
        quantity_limit_per_checkout: Number(row.quantity_limit_per_checkout),
      },
    ]),
  );
}

/** A paid order's quantities counted as sold, each price with its event. */
export async function recordSold(
  deps: Deps,
  trx: Executor,
  lines: { price_id: string; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    const row = await trx
      .updateTable('prices')
      .set((eb) => ({ quantity_sold: eb('quantity_sold', '+', line.quantity) }))
      .where('id', '=', line.price_id)
      .returningAll()
      .executeTakeFirst();
    if (row) await deps.resources.prices.record(trx, row, 'price.updated');
  }
}
