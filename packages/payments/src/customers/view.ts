import type { Customer } from '@kiosk/contracts';
import type { BillingAddress } from '@kiosk/core/customer-details';
import { flag, fromJson } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

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
    address: fromJson<BillingAddress>(row.address, {}),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
