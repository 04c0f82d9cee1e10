import type { Price } from '@kiosk/contracts';
import { flag, fromJson, moneyText } from '../db.ts';
import type { PaymentsTables } from '../tables.ts';

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
    currency_options: fromJson(row.currency_options, []),
    custom_unit_amount: fromJson(row.custom_unit_amount, null),
    recurring: fromJson(row.recurring, null),
    upsell: fromJson(row.upsell, null),
    quantity_available: Number(row.quantity_available),
    quantity_sold: Number(row.quantity_sold),
    quantity_limit_per_checkout: Number(row.quantity_limit_per_checkout),
    active: flag(row.active),
    metadata: fromJson(row.metadata, {}),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
