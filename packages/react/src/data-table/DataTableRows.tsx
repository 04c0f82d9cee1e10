import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { KeyboardEvent, ReactNode } from 'react';
import { cellValue } from './cell-value.tsx';
import type { DataTableColumn } from './types.ts';

export interface DataTableRowsProps<Row> {
  label: string;
  caption?: ReactNode;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  skeletonRows: number;
  /** Shown across all columns instead of rows (empty text or error). */
  notice: ReactNode;
  onRowClick?: (row: Row) => void;
}

/** The wide-screen layout: one column per field. */
export function DataTableRows<Row>({
  label,
  caption,
  columns,
  rows,
  getRowKey,
  skeletonRows,
  notice,
  onRowClick,
}: DataTableRowsProps<Row>) {
  const activateOnKey = (event: KeyboardEvent, row: Row) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <TableContainer>
      <Table aria-label={label} aria-busy={skeletonRows > 0}>
        {caption && <caption>{caption}</caption>}
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ width: column.width, fontWeight: 600 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {skeletonRows > 0 &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <TableRow key={`skeleton-${index}`} data-skeleton-row="">
                {columns.map((column) => (
                  <TableCell key={column.key}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {skeletonRows === 0 && notice && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ borderBottom: 0 }}>
                {notice}
              </TableCell>
            </TableRow>
          )}
          {skeletonRows === 0 &&
            !notice &&
            rows.map((row) => (
              <TableRow
                key={getRowKey(row)}
                hover={Boolean(onRowClick)}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => activateOnKey(event, row) : undefined}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {cellValue(column, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
