import type BetterSqlite3 from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './database.ts';

/**
 * Money columns hold exact integers of up to 78 digits (every uint256). PostgreSQL has numeric(78,0).
 * SQLite has no such integer, so the canonical decimal string is stored as text, and two functions
 * registered on each connection make it summable (`money_sum`) and sortable (`money_key`).
 */
export function moneyColumnType(engine: Engine): RawBuilder<unknown> {
  return engine === 'postgres' ? sql`numeric(78, 0)` : sql`text`;
}

/** Sum of a money column as a decimal string ('0' for no rows). */
export function sumMoney(engine: Engine, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return engine === 'postgres'
    ? sql<string>`coalesce(sum(${ref}), 0)::text`
    : sql<string>`coalesce(money_sum(${ref}), '0')`;
}

/** An expression that orders a money column numerically on both engines. */
export function moneyOrder(engine: Engine, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  return engine === 'postgres' ? sql`${ref}` : sql`money_key(${ref})`;
}

const KEY_WIDTH = 78;

/**
 * A text key whose byte order is the numeric order of the amount: negatives ('n' + nines' complement)
 * sort before positives ('p' + zero padding).
 */
export function moneySortKey(value: string): string {
  if (value.startsWith('-')) {
    const digits = value.slice(1).padStart(KEY_WIDTH, '0');
    return 'n' + [...digits].map((d) => String(9 - Number(d))).join('');
  }
  return 'p' + value.padStart(KEY_WIDTH, '0');
}

export function registerSqliteMoneyFunctions(connection: BetterSqlite3.Database): void {
  connection.function('money_key', { deterministic: true }, (value: unknown) =>
    value === null ? null : moneySortKey(String(value)),
  );
  connection.aggregate('money_sum', {
    start: () => null as bigint | null,
    step: (total: bigint | null, value: unknown) =>
      value === null ? total : (total ?? 0n) + BigInt(String(value)),
    result: (total: bigint | null) => (total === null ? null : total.toString()),
  });
}
