import { metadata, productSchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import type { Flag, Json, Row } from '../columns.ts';

export type ProductRow = Row & {
  type: string;
  name: string;
  description: string | null;
  images: Json;
  unit_label: string | null;
  statement_descriptor: string | null;
  cross_sell: Json;
  active: Flag;
  metadata: Json;
};

/**
 * The cross-sell as stored: `{ cross_sells_to_id }`, null for none, or `{}`, the column's default
 * (rows written without one, as the billing bench's): read as null.
 */
const storedCrossSell = z
  .object({ cross_sells_to_id: z.string().optional() })
  .nullable()
  .transform((value) => (value?.cross_sells_to_id ? { cross_sells_to_id: value.cross_sells_to_id } : null));

export const productJson = jsonColumns('products', {
  images: jsonColumn(productSchema.shape.images, []),
  cross_sell: jsonColumn(storedCrossSell, null),
  metadata: jsonColumn(metadata, {}),
});
