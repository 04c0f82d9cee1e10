import type { Flag, Json, Money, Row } from '../columns.ts';

export type PriceRow = Row & {
  product_id: string;
  type: 'one_time' | 'recurring';
  nickname: string | null;
  lookup_key: string | null;
  currency_id: string;
  unit_amount: Money;
  currency_options: Json;
  custom_unit_amount: Json;
  recurring: Json;
  upsell: Json;
  quantity_available: number;
  quantity_sold: number;
  quantity_limit_per_checkout: number;
  active: Flag;
  metadata: Json;
};
