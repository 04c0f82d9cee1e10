import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { cellValue } from './cell-value.tsx';
import type { DataTableColumn } from './types.ts';

export interface DataTableCardsProps<Row> {
  label: string;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  skeletonRows: number;
  notice: ReactNode;
  onRowClick?: (row: Row) => void;
}

/** The narrow-screen layout: each row becomes a card of label–value pairs, since columns do not fit. */
export function DataTableCards<Row>({
  label,
  columns,
  rows,
  getRowKey,
  skeletonRows,
  notice,
  onRowClick,
}: DataTableCardsProps<Row>) {
  if (skeletonRows === 0 && notice) return <Box sx={{ px: 2 }}>{notice}</Box>;

  const fields = (row: Row) => (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, 40%) 1fr', columnGap: 2, rowGap: 1 }}
    >
      {columns.map((column) => (
        <Box key={column.key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {column.label}
          </Box>
          <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
            {cellValue(column, row)}
          </Box>
        </Box>
      ))}
    </Box>
  );

  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={skeletonRows > 0}
      sx={{ listStyle: 'none', m: 0, p: 2, display: 'grid', gap: 1.5 }}
    >
      {skeletonRows > 0 &&
        Array.from({ length: skeletonRows }, (_, index) => (
          <li key={`skeleton-${index}`} data-skeleton-row="">
            <Card variant="outlined">
              <CardContent>
                {columns.map((column) => (
                  <Skeleton key={column.key} variant="text" />
                ))}
              </CardContent>
            </Card>
          </li>
        ))}
      {skeletonRows === 0 &&
        rows.map((row) => (
          <li key={getRowKey(row)}>
            <Card variant="outlined">
              {onRowClick ? (
                <CardActionArea onClick={() => onRowClick(row)}>
                  <CardContent>{fields(row)}</CardContent>
                </CardActionArea>
              ) : (
                <CardContent>{fields(row)}</CardContent>
              )}
            </Card>
          </li>
        ))}
    </Box>
  );
}
