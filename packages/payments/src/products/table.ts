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
