import type { DataTableError } from '../../data-table/types.ts';

/** What a list shows of its data: the rows, the total, whether they are on their way, and why not. */
export interface ListState<Row> {
  rows: readonly Row[];
  /** The server's total; undefined when the answer is the whole list (ListTable pages it). */
  count?: number;
  loading: boolean;
  error: DataTableError | null;
}

/** The parts of a query's result a list reads: a TanStack Query result fits as it is. */
export interface ListQuery<Row> {
  data: { list: readonly Row[]; count?: number } | undefined;
  isPending: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

/** A list answer's query (`{ list, count }`, or `{ list }` for a whole list) as ListTable takes it. */
export function listStateOf<Row>(query: ListQuery<Row>): ListState<Row> {
  return {
    rows: query.data?.list ?? [],
    count: query.data?.count,
    loading: query.isPending,
    error: query.error ? { message: query.error.message, onRetry: () => void query.refetch() } : null,
  };
}
