import type { Customer } from '@kiosk/contracts';
import { flag } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { customerJson } from './table.ts';

export function customerView(row: PaymentsTables['customers']): Customer {
  return {
    id: row.id,
    object: 'customer',
    livemode: flag(row.livemode),
    did: row.did,
    name: row.name,
    fullName: row.name,
    email: row.email,
    phone: row.phone,
    address: customerJson.address.read(row.address),
    metadata: customerJson.metadata.read(row.metadata),
    test_clock: row.test_clock_id ?? null,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
