import type { Product } from '@kiosk/contracts';
import { flag } from '../db.ts';
import { priceView } from '../prices/view.ts';
import type { PaymentsTables } from '../tables.ts';
import { productJson } from './table.ts';

export function productView(row: PaymentsTables['products'], prices: PaymentsTables['prices'][]): Product {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    type: row.type,
    name: row.name,
    description: row.description,
    images: productJson.images.read(row.images),
    unit_label: row.unit_label,
    statement_descriptor: row.statement_descriptor,
    active: flag(row.active),
    metadata: productJson.metadata.read(row.metadata),
    cross_sell: productJson.cross_sell.read(row.cross_sell),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    prices: prices.filter((p) => p.product_id === row.id).map(priceView),
  };
}
