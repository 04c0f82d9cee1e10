import type { ReactNode } from 'react';
import type { DataTableColumn } from './types.ts';

export function cellValue<Row>(column: DataTableColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}
