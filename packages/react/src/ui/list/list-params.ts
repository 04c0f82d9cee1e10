import { ROWS_PER_PAGE_OPTIONS } from '../../data-table/constants.ts';

/** A list's select filters by name, each with the values it may take (anything else reads as none). */
export type ListFilterSpec = Record<string, readonly string[]>;

/** Each filter's value, `''` where none is chosen. */
export type ListFilterValues<F extends ListFilterSpec> = { [K in keyof F]: F[K][number] | '' };

/** What a list shows: the page (zero-based, as DataTable counts), its size, the search and the filters. */
export interface ListParams<F extends ListFilterSpec = ListFilterSpec> {
  page: number;
  pageSize: number;
  search: string;
  filters: ListFilterValues<F>;
}

export interface ListParamsOptions<F extends ListFilterSpec = ListFilterSpec> {
  /**
   * Set apart the keys of one list when a page holds several: with `developers`, the address says
   * `developers.page=2`.
   */
  prefix?: string;
  /** The page size an address without one shows; it is left out of the address. */
  defaultPageSize?: number;
  filters?: F;
  /**
   * What the list's rows belong to (the mode a dashboard shows, say): when it changes, the list starts
   * over from its first page, as the old page of another set of rows means nothing.
   */
  scope?: string;
}

/** One change to a list's state; the search, a filter and the page size start the list over. */
export type ListParamsChange =
  { page: number } | { pageSize: number } | { search: string } | { filter: string; value: string };

export const DEFAULT_LIST_PAGE_SIZE = 10;
/** The search's key in the address, as search engines name it. */
const SEARCH_KEY = 'q';

const keyOf = (name: string, prefix: string | undefined) => (prefix ? `${prefix}.${name}` : name);

/** A whole number from the address, or undefined for anything else ("2.5", "1e3", " 2"). */
function wholeNumber(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * A list's state as the address gives it. The address counts pages from 1 (seed 001 §7, as the API
 * does); a missing, malformed or unknown value reads as the default, so a hand-edited link still opens.
 */
export function readListParams<F extends ListFilterSpec>(
  search: URLSearchParams,
  options: ListParamsOptions<F> = {},
): ListParams<F> {
  const { prefix, defaultPageSize = DEFAULT_LIST_PAGE_SIZE } = options;
  const page = wholeNumber(search.get(keyOf('page', prefix)));
  const pageSize = wholeNumber(search.get(keyOf('pageSize', prefix)));
  const filters: Record<string, string> = {};
  for (const [name, allowed] of Object.entries(options.filters ?? {})) {
    const value = search.get(keyOf(name, prefix)) ?? '';
    filters[name] = allowed.includes(value) ? value : '';
  }
  return {
    page: page && page >= 1 ? page - 1 : 0,
    pageSize:
      pageSize !== undefined && (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(pageSize)
        ? pageSize
        : defaultPageSize,
    search: search.get(keyOf(SEARCH_KEY, prefix)) ?? '',
    filters: filters as ListFilterValues<F>,
  };
}

/**
 * The address after `change`, other keys kept. Defaults are left out, so a list's plain address stays
 * plain; a new search, filter or page size goes back to the first page.
 */
export function writeListParams(
  search: URLSearchParams,
  change: ListParamsChange,
  options: ListParamsOptions = {},
): URLSearchParams {
  const { prefix, defaultPageSize = DEFAULT_LIST_PAGE_SIZE } = options;
  const next = new URLSearchParams(search);
  const put = (name: string, value: string | undefined) => {
    if (value) next.set(keyOf(name, prefix), value);
    else next.delete(keyOf(name, prefix));
  };
  if ('page' in change) {
    put('page', change.page > 0 ? String(change.page + 1) : undefined);
    return next;
  }
  if ('pageSize' in change)
    put('pageSize', change.pageSize === defaultPageSize ? undefined : String(change.pageSize));
  else if ('search' in change) put(SEARCH_KEY, change.search);
  else put(change.filter, change.value);
  put('page', undefined);
  return next;
}
