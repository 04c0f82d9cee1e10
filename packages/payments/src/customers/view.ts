import { flag, fromJson } from '../db.ts';
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
