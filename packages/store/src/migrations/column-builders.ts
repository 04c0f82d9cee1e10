import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

/**
 * The column builders the store's migrations share. Migrations are history: what these build is part
 * of every migration that used them, so they never change (a new migration that needs another
 * column shape gets a new builder).
 */

type Table = CreateTableBuilder<string, string>;

/** The columns most store tables start with (`Stamped` in ../columns.ts, with the id). */
export const stamped = (table: Table): Table =>
  table
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull());

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const json = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}');
export const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');
export const no = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(false);
export const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
