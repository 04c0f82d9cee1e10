import { useEffect, useRef } from 'react';
import {
  readListParams,
  writeListParams,
  type ListFilterSpec,
  type ListFilterValues,
  type ListParams,
  type ListParamsChange,
  type ListParamsOptions,
} from './list-params.ts';

export interface HistoryOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * The address's query and a way to change it, as a router gives them: react-router's
 * `useSearchParams()` fits as it is. The kit reads and writes only through these.
 */
export type SearchParamsSource = readonly [
  URLSearchParams,
  (next: URLSearchParams, options?: HistoryOptions) => void,
];

/** A list's state with the changes ListPage and ListTable make to it. */
export interface ListParamsControl<F extends ListFilterSpec = ListFilterSpec> extends ListParams<F> {
  // Methods, so a list's control with its own filters passes where any list's is taken.
  setPage(page: number, options?: HistoryOptions): void;
  setPageSize(pageSize: number): void;
  setSearch(search: string): void;
  setFilter<K extends keyof F & string>(name: K, value: ListFilterValues<F>[K]): void;
}

/**
 * A list's page, page size, search and filters kept in the address, so a list can be linked and the
 * back button steps through the pages and filters seen. A change of page or filter is a new history
 * entry; a refined search and a new page size replace the entry (a phone's five rows are not a step
 * back), and so does starting over when the scope changes or the answer is shorter than the page.
 */
export function useListParams<const F extends ListFilterSpec = Record<never, readonly string[]>>(
  [searchParams, setSearchParams]: SearchParamsSource,
  options: ListParamsOptions<F> = {},
): ListParamsControl<F> {
  // Two changes in one event (DataTable asks for a new size, then for the first page) must both land:
  // the second builds on the first, not on the address the render saw.
  const pending = useRef<{ seen: URLSearchParams; next: URLSearchParams } | null>(null);
  const params = readListParams(searchParams, options);

  const change = (what: ListParamsChange, history: HistoryOptions) => {
    const base = pending.current?.seen === searchParams ? pending.current.next : searchParams;
    const next = writeListParams(base, what, options);
    if (next.toString() === base.toString()) return;
    pending.current = { seen: searchParams, next };
    setSearchParams(next, history);
  };

  const scope = useRef(options.scope);
  useEffect(() => {
    if (scope.current === options.scope) return;
    scope.current = options.scope;
    change({ page: 0 }, { replace: true });
  });

  return {
    ...params,
    setPage: (page, history = {}) => change({ page }, history),
    setPageSize: (pageSize) => change({ pageSize }, { replace: true }),
    setSearch: (search) => change({ search }, { replace: params.search !== '' && search !== '' }),
    setFilter: (filter, value) => change({ filter, value }, {}),
  };
}
