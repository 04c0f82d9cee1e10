import { metadata, priceSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
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

/** As the API answers them (a recurring price made before plan changes has no proration_mode: it prorates). */
export const priceJson = jsonColumns('prices', {
  currency_options: jsonColumn(priceSchema.shape.currency_options, []),
  custom_unit_amount: jsonColumn(priceSchema.shape.custom_unit_amount, null),
  recurring: jsonColumn(priceSchema.shape.recurring, null),
  upsell: jsonColumn(priceSchema.shape.upsell, null),
  metadata: jsonColumn(metadata, {}),
});
