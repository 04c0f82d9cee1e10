import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

/**
 * The column builders Kiosk Pay's migrations share. Migrations are history: what these build is part
 * of every migration that used them, so they never change (a new migration that needs another
 * column shape gets a new builder).
 */

type Table = CreateTableBuilder<string, string>;

/** The columns every Kiosk Pay table starts with (`Row` in ../columns.ts). */
export const common = (table: Table): Table =>
  table
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');
export const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('0');
