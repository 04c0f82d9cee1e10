import { newId, nowUnix } from '@kiosk/core';
import type { CleanDetails } from '@kiosk/core/customer-details';
import { flag, fromJson, pageOf, stamps, toJson, type Executor } from '../db.ts';
import { recordEvent } from '../events/service.ts';
import type { PaymentsTables } from '../tables.ts';

export interface Customer {
  id: string;
  object: 'customer';
  livemode: boolean;
  did: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: number;
  updated_at: number;
}

export function customerView(row: PaymentsTables['customers']): Customer {
  return {
    id: row.id,
    object: 'customer',
    livemode: flag(row.livemode),
    did: row.did,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: fromJson(row.address, {}),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

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
  filter: { did?: string; email?: string; page: number; pageSize: number },
) {
  let query = db.selectFrom('customers').where('livemode', '=', livemode);
  if (filter.did) query = query.where('did', '=', filter.did);
  if (filter.email) query = query.where('email', '=', filter.email);
  const { rows, count } = await pageOf(query, filter);
  return { list: rows.map(customerView), count };
}

/** Seed 000 §7: created or updated on submit from the buyer's details; one customer per DID and mode. */
export async function upsertCustomer(
  db: Executor,
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
  const existing = await findCustomerByDid(db, livemode, did);
  if (existing) {
    await db
      .updateTable('customers')
      .set({ ...fields, updated_at: nowUnix() })
      .where('id', '=', existing.id)
      .execute();
    await recordEvent(db, {
      type: 'customer.updated',
      livemode,
      objectId: existing.id,
      data: { id: existing.id },
    });
    return (await findCustomerByDid(db, livemode, did))!;
  }
  const id = newId('customer');
  const inserted = await db
    .insertInto('customers')
    .values({ id, livemode, did, ...fields, ...stamps() })
    .onConflict((oc) => oc.columns(['did', 'livemode']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted)
    await recordEvent(db, { type: 'customer.created', livemode, objectId: id, data: { id, did } });
  return (await findCustomerByDid(db, livemode, did))!;
}
