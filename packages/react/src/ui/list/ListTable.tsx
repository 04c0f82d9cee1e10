import { uiListsMessages } from '@kiosk/core/i18n/ui-lists';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { DataTable } from '../../data-table/DataTable.tsx';
import type { DataTableColumn, DataTableError } from '../../data-table/types.ts';
import { visuallyHidden } from '../../data-table/visually-hidden.ts';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { ListFilters, type ListFilter } from './ListFilters.tsx';
import type { ListParamsControl } from './use-list-params.ts';

export interface ListTableProps<Row> {
  /** Names the table (or the phone's list of cards) for assistive technology. */
  label: string;
  caption?: ReactNode;
  columns: DataTableColumn<Row>[];
  getRowKey: (row: Row) => string;
  rows: readonly Row[];
  /** The server's total. Without it `rows` is the whole list, and the table shows its page of it. */
  count?: number;
  loading?: boolean;
  error?: DataTableError | null;
  emptyText?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** Page, size, search and filters, kept where the host wants them (the address: useListParams). */
  params: ListParamsControl;
  /** Shows the search field; the host's query reads `params.search`. */
  searchable?: boolean;
  filters?: readonly ListFilter[];
}

/**
 * A list's table on DataTable, driven by its params: the filters above it, paging and search through
 * the params, and the number of results read out once they load. A page past the end (the last row of
 * a page deleted, an old link) moves to the last page there is.
 */
export function ListTable<Row>({
  label,
  caption,
  columns,
  getRowKey,
  rows,
  count,
  loading = false,
  error = null,
  emptyText,
  onRowClick,
  params,
  searchable = false,
  filters,
}: ListTableProps<Row>) {
  useScreenMessages(uiListsMessages);
  const { t, i18n } = useTranslation();
  const { page, pageSize, setPage } = params;
  const total = count ?? rows.length;
  const shown = count === undefined ? rows.slice(page * pageSize, (page + 1) * pageSize) : rows;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const settled = !loading && !error;

  useEffect(() => {
    if (settled && page > lastPage) setPage(lastPage, { replace: true });
  }, [settled, page, lastPage, setPage]);

  return (
    <>
      {filters && filters.length > 0 && (
        <ListFilters filters={filters} values={params.filters} onChange={params.setFilter} />
      )}
      <DataTable
        label={label}
        caption={caption}
        columns={columns}
        rows={shown}
        getRowKey={getRowKey}
        count={total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={params.setPageSize}
        search={searchable ? params.search : undefined}
        onSearchChange={searchable ? params.setSearch : undefined}
        loading={loading}
        emptyText={emptyText}
        error={error}
        onRowClick={onRowClick}
      />
      <Box role="status" sx={visuallyHidden}>
        {settled
          ? total === 0
            ? t('ui.list.noResults')
            : t('ui.list.results', {
                count: total,
                number: new Intl.NumberFormat(i18n.language).format(total),
              })
          : ''}
      </Box>
    </>
  );
}
