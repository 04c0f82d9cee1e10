import type { Customer, PageQuery } from '@kiosk/contracts';
import { pageOf } from '@kiosk/platform';
import { sql } from 'kysely';
import { type Executor } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { customerView } from './view.ts';

export async function findCustomerByDid(
  db: Executor,
  livemode: boolean,
  did: string,
): Promise<Customer | undefined> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('did', '=', did)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && customerView(row);
}

export async function getCustomer(
  db: Executor,
  livemode: boolean,
  id: string,
): Promise<Customer | undefined> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  return row && customerView(row);
}

export async function listCustomers(
  db: Executor,
  livemode: boolean,
  filter: PageQuery & { did?: string; email?: string; q?: string },
) {
  let query = db.selectFrom('customers').where('livemode', '=', livemode);
  if (filter.did) query = query.where('did', '=', filter.did);
  if (filter.email) query = query.where('email', '=', filter.email);
  if (filter.q) {
    // lower() on both sides: PostgreSQL's LIKE minds case, SQLite's does not; `%` and `_` typed in the
    // search are themselves, not wildcards.
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or(
        (['name', 'email', 'did'] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const { rows, count } = await pageOf<PaymentsTables, 'customers'>(query, filter);
  return { list: rows.map(customerView), count };
}
