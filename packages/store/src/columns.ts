import { dbBoolean } from '@kiosk/db';

/**
 * The column types and conversions every Kiosk Store table shares. Conventions are Kiosk Pay's: text
 * ids, JSON as text with a default, times in unix seconds, booleans as the engine has them. Store
 * objects are instance-wide, so there is no `livemode` but on purchases, which Kiosk Pay makes in one
 * mode.
 */

export type Json = string;
/** A boolean as the engine answers it (SQLite: 0 or 1). */
export type Flag = number | boolean;

export interface Stamped {
  created_at: number;
  updated_at: number;
}

/** JSON columns are text on both engines. */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return (JSON.parse(text) as T | null) ?? fallback;
}
export const toJson = (value: unknown): string => JSON.stringify(value ?? null);
export const flag = (value: Flag): boolean => dbBoolean.parse(value);
