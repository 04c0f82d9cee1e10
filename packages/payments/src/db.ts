import { dbBoolean, type Database } from '@kiosk/db';
import type { Clock } from '@kiosk/platform';
import type { Kysely } from 'kysely';
import type { PaymentsTables } from './tables.ts';

/** Kiosk Pay's tables; inside a unit of work this handle joins its transaction. */
export type PaymentsDb = Kysely<PaymentsTables>;
export type Executor = PaymentsDb;

export function paymentsDb(database: Database): PaymentsDb {
  return database.db as PaymentsDb;
}

export const flag = (value: number | boolean): boolean => dbBoolean.parse(value);
/** Money and counters come back as numbers or strings depending on the engine. */
export const moneyText = (value: unknown): string => BigInt(value as string).toString();

export function stamps(clock: Clock) {
  const now = clock.nowUnix();
  return { created_at: now, updated_at: now };
}
