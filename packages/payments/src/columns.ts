/**
 * The column types every Kiosk Pay table shares. Every row carries `livemode`; money columns hold
 * decimal strings of exact integers in the currency's smallest unit; JSON is text; times are unix
 * seconds.
 */

export type Json = string;
export type Money = string;
/** A boolean as the engine answers it (SQLite: 0 or 1). */
export type Flag = number | boolean;

export interface Row {
  id: string;
  livemode: Flag;
  created_at: number;
  updated_at: number;
}
