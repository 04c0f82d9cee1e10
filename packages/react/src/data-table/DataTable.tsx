import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MAX_SKELETON_ROWS, MOBILE_PAGE_SIZE, ROWS_PER_PAGE_OPTIONS } from './constants.ts';
import { DataTableCards } from './DataTableCards.tsx';
import { DataTableNotice } from './DataTableNotice.tsx';
import { DataTableRows } from './DataTableRows.tsx';
import { DataTableSearch } from './DataTableSearch.tsx';
import type { DataTableColumn, DataTableError } from './types.ts';
import { visuallyHidden } from './visually-hidden.ts';

export interface DataTableProps<Row> {
  /** Names the table for assistive technology. */
  label: string;
  /** A visible caption above the rows (wide layout only). */
  caption?: ReactNode;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  /** The server's total, not the length of `rows`. */
  count: number;
  /** Zero-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Also called with 5 when the screen narrows to the mobile layout (seed 001 §9). */
  onPageSizeChange: (pageSize: number) => void;
  /** The search field shows only when `onSearchChange` is given; it fires once typing pauses for 300 ms. */
  search?: string;
  onSearchChange?: (search: string) => void;
  loading?: boolean;
  emptyText?: ReactNode;
  error?: DataTableError | null;
  onRowClick?: (row: Row) => void;
}

/** A server-paged table: the parent fetches `rows` for `page` and `pageSize` and passes them in. */
export function DataTable<Row>({
  label,
  caption,
  columns,
  rows,
  getRowKey,
  count,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  search = '',
  onSearchChange,
  loading = false,
  emptyText,
  error,
  onRowClick,
}: DataTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isMobile = useMediaQuery(theme.breakpoints.down('md'));

  useEffect(() => {
    if (isMobile && pageSize !== MOBILE_PAGE_SIZE) onPageSizeChange(MOBILE_PAGE_SIZE);
  }, [isMobile, pageSize, onPageSizeChange]);

  const skeletonRows = loading ? Math.min(pageSize, MAX_SKELETON_ROWS) : 0;
  const showNotice = Boolean(error) || rows.length === 0;
  const notice = showNotice ? <DataTableNotice error={error} emptyText={emptyText} /> : null;
  // A shrinking total can leave `page` past the end for one render; show the last real page meanwhile.
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  const formatNumber = new Intl.NumberFormat(i18n.language).format;

  const layoutProps = { label, columns, rows, getRowKey, skeletonRows, notice, onRowClick };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {onSearchChange && (
        <Box sx={{ p: 2, pb: 1 }}>
          <DataTableSearch value={search} onChange={onSearchChange} />
        </Box>
      )}
      <Box role="status" sx={visuallyHidden}>
        {loading ? t('table.loading') : ''}
      </Box>
      {isMobile ? <DataTableCards {...layoutProps} /> : <DataTableRows {...layoutProps} caption={caption} />}
      <TablePagination
        component="div"
        count={count}
        page={Math.min(page, lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={isMobile ? [MOBILE_PAGE_SIZE] : ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => {
          onPageSizeChange(Number(event.target.value));
          if (page !== 0) onPageChange(0);
        }}
        labelRowsPerPage={t('table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) =>
          t('table.displayedRows', {
            from: formatNumber(from),
            to: formatNumber(to),
            count: formatNumber(total),
          })
        }
        getItemAriaLabel={(type) => t(`table.page.${type}`)}
      />
    </Paper>
  );
}
