import { nowUnix } from '@kiosk/core';
import { dbBoolean, type Database } from '@kiosk/db';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { PaymentsTables } from './tables.ts';

export type PaymentsDb = Kysely<PaymentsTables>;
export type PaymentsTrx = Transaction<PaymentsTables>;
export type Executor = PaymentsDb | PaymentsTrx;

export function paymentsDb(database: Database): PaymentsDb {
  return database.db as PaymentsDb;
}

/** JSON columns are text on both engines. */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  return (JSON.parse(text) as T | null) ?? fallback;
}

export const toJson = (value: unknown): string => JSON.stringify(value ?? null);
export const flag = (value: number | boolean): boolean => dbBoolean.parse(value);
/** Money and counters come back as numbers or strings depending on the engine. */
export const moneyText = (value: unknown): string => BigInt(value as string).toString();

export function stamps() {
  const now = nowUnix();
  return { created_at: now, updated_at: now };
}

/** One page of a filtered list, newest first (ids are time-ordered), and how many rows match in all. */
export async function pageOf<T extends keyof PaymentsTables & string>(
  query: SelectQueryBuilder<PaymentsTables, T, object>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: PaymentsTables[T][]; count: number }> {
  const rows = await query
    .selectAll()
    .orderBy(sql`id`, 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows: rows as PaymentsTables[T][], count: Number(count) };
}
