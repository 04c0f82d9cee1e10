import type { Json, Row } from '../columns.ts';

export type CustomerRow = Row & {
  did: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: Json;
  metadata: Json;
};
