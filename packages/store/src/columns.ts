import { dbBoolean } from '@kiosk/db';

/**
 * The column types and conversions every Kiosk Store table shares. Conventions are Kiosk Pay's: text
 * ids, JSON as text with a default, times in unix seconds, booleans as the engine has them. Store
 * objects are instance-wide, so there is no `livemode` but on purchases, which Kiosk Pay makes in one
 * mode.
 */

/** JSON as text; each table reads and writes its JSON columns through their schemas (`{resource}/table.ts`). */
export type Json = string;
/** A boolean as the engine answers it (SQLite: 0 or 1). */
export type Flag = number | boolean;

export interface Stamped {
  created_at: number;
  updated_at: number;
}

export const flag = (value: Flag): boolean => dbBoolean.parse(value);
