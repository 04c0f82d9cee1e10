import type { Price } from '@kiosk/contracts';
import { flag, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';
import { priceJson } from './table.ts';

type PriceRow = PaymentsTables['prices'];

export function priceView(row: PriceRow): Price {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    product_id: row.product_id,
    type: row.type,
    nickname: row.nickname,
    lookup_key: row.lookup_key,
    currency_id: row.currency_id,
    unit_amount: moneyText(row.unit_amount),
    currency_options: priceJson.currency_options.read(row.currency_options),
    custom_unit_amount: priceJson.custom_unit_amount.read(row.custom_unit_amount),
    recurring: priceJson.recurring.read(row.recurring),
    upsell: priceJson.upsell.read(row.upsell),
    quantity_available: Number(row.quantity_available),
    quantity_sold: Number(row.quantity_sold),
    quantity_limit_per_checkout: Number(row.quantity_limit_per_checkout),
    active: flag(row.active),
    metadata: priceJson.metadata.read(row.metadata),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
