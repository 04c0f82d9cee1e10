import type { Product } from '@kiosk/contracts';
import { flag, fromJson } from '../db.ts';
import { priceView } from '../prices/view.ts';
import type { PaymentsTables } from '../tables.ts';

function crossSellOf(text: string): { cross_sells_to_id: string } | null {
  const value = fromJson<{ cross_sells_to_id?: string } | null>(text, null);
  return value?.cross_sells_to_id ? { cross_sells_to_id: value.cross_sells_to_id } : null;
}

export function productView(row: PaymentsTables['products'], prices: PaymentsTables['prices'][]): Product {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    type: row.type,
    name: row.name,
    description: row.description,
    images: fromJson(row.images, []),
    unit_label: row.unit_label,
    statement_descriptor: row.statement_descriptor,
    active: flag(row.active),
    metadata: fromJson(row.metadata, {}),
    cross_sell: crossSellOf(row.cross_sell),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    prices: prices.filter((p) => p.product_id === row.id).map(priceView),
  };
}
