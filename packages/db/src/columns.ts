import { z } from 'zod';

/**
 * Helpers that hide the two engines' differences in how a value comes back.
 * Row schemas (zod) use them so a service sees the same shape on SQLite and PostgreSQL.
 */

/** SQLite answers 0/1 for a boolean column. */
export const dbBoolean = z.union([z.boolean(), z.number()]).transform((value) => Boolean(value));

/** JSON is stored as text on both engines (one code path, no jsonb-only queries). */
export function dbJson<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);
}

/** A money column: numeric on PostgreSQL, text on SQLite; both read as a canonical decimal string. */
export const dbMoney = z.union([z.string(), z.number(), z.bigint()]).transform((value) => BigInt(value));
