import type { ReactNode } from 'react';

export interface DataTableColumn<Row> {
  key: string;
  label: ReactNode;
  /** Without it the cell shows `row[key]`. */
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface DataTableError {
  message: string;
  onRetry: () => void;
  /** Said instead of the generic "could not be loaded" and the message, where a screen has its own words. */
  text?: ReactNode;
  retryLabel?: string;
}
