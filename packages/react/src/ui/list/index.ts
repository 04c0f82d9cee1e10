// The list page of the UI kit: a list screen is its columns and its query on these.
export { ListPage, type ListPageProps } from './ListPage.tsx';
export { ListTable, type ListTableProps } from './ListTable.tsx';
export { ListFilters, type ListFilter, type ListFiltersProps } from './ListFilters.tsx';
export { RowActions, actionsColumn, type RowAction } from './RowActions.tsx';
export { PageBackLink, PageHeader, type BackLink, type PageHeaderProps } from './PageHeader.tsx';
export {
  useListParams,
  type HistoryOptions,
  type ListParamsControl,
  type SearchParamsSource,
} from './use-list-params.ts';
export {
  DEFAULT_LIST_PAGE_SIZE,
  readListParams,
  writeListParams,
  type ListFilterSpec,
  type ListFilterValues,
  type ListParams,
  type ListParamsChange,
  type ListParamsOptions,
} from './list-params.ts';
export { listStateOf, type ListQuery, type ListState } from './list-state.ts';
