import type { Customer } from '@kiosk/contracts';
import { newId } from '@kiosk/core';
import type { CleanDetails } from '@kiosk/core/customer-details';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { findCustomerByDid } from './queries.ts';
import { customerJson, type CustomerRow } from './table.ts';
import { customerView } from './view.ts';

/**
 * Seed 000 §7: created or updated on submit from the buyer's details; one customer per DID and mode.
 * `known` is the customer as the caller read it already in this transaction (null: there is none).
 */
export async function upsertCustomer(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  did: string,
  details: CleanDetails,
  known?: Customer | null,
): Promise<Customer> {
  const fields = {
    name: details.name,
    email: details.email,
    phone: details.phone,
    address: customerJson.address.write(details.address),
    metadata: customerJson.metadata.write(
      details.phone
        ? { phone: { country: details.address.country ?? null, phoneNumber: details.phone } }
        : {},
    ),
  };
  const existing = known === undefined ? await findCustomerByDid(trx, livemode, did) : known;
  if (existing) {
    const row = await deps.resources.customers.update(trx, existing.id, fields, 'customer.updated');
    return customerView(row!);
  }
  return insertCustomer(deps, trx, livemode, did, fields);
}

const EMPTY = { address: customerJson.address.write({}), metadata: customerJson.metadata.write({}) };

/** The customer of `did`, made with nothing known of them yet if new (a donor known by their wallet). */
export async function ensureCustomer(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  did: string,
): Promise<Customer> {
  return (await findCustomerByDid(trx, livemode, did)) ?? insertCustomer(deps, trx, livemode, did, EMPTY);
}

async function insertCustomer(
  deps: Deps,
  trx: Executor,
  livemode: boolean,
  did: string,
  fields: Pick<CustomerRow, 'address' | 'metadata'> & Partial<Pick<CustomerRow, 'name' | 'email' | 'phone'>>,
): Promise<Customer> {
  const inserted = await trx
    .insertInto('customers')
    .values({ id: newId('customer'), livemode, did, ...fields, ...stamps(deps.clock) })
    .onConflict((oc) => oc.columns(['did', 'livemode']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return (await findCustomerByDid(trx, livemode, did))!; // another request made it meanwhile
  await deps.resources.customers.record(trx, inserted, 'customer.created');
  return customerView(inserted);
}
