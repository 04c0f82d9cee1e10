import type { Customer, PageQuery } from '@kiosk/contracts';
import { newId } from '@kiosk/core';
import type { CleanDetails } from '@kiosk/core/customer-details';
import { pageOf } from '@kiosk/platform';
import { stamps, toJson, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
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
  filter: PageQuery & { did?: string; email?: string },
) {
  let query = db.selectFrom('customers').where('livemode', '=', livemode);
  if (filter.did) query = query.where('did', '=', filter.did);
  if (filter.email) query = query.where('email', '=', filter.email);
  const { rows, count } = await pageOf<PaymentsTables, 'customers'>(query, filter);
  return { list: rows.map(customerView), count };
}

/** Seed 000 §7: created or updated on submit from the buyer's details; one customer per DID and mode. */
export async function upsertCustomer(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  did: string,
  details: CleanDetails,
): Promise<Customer> {
  const fields = {
    name: details.name,
    email: details.email,
    phone: details.phone,
    address: toJson(details.address),
    metadata: toJson(
      details.phone
        ? { phone: { country: details.address.country ?? null, phoneNumber: details.phone } }
        : {},
    ),
  };
  const existing = await findCustomerByDid(trx, livemode, did);
  if (existing) {
    const row = await deps.resources.customers.update(trx, existing.id, fields, 'customer.updated');
    return customerView(row!);
  }
  const inserted = await trx
    .insertInto('customers')
    .values({ id: newId('customer'), livemode, did, ...fields, ...stamps(deps.clock) })
    .onConflict((oc) => oc.columns(['did', 'livemode']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) await deps.resources.customers.record(trx, inserted, 'customer.created');
  return (await findCustomerByDid(trx, livemode, did))!;
}
