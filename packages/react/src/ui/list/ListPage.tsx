import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ListTable, type ListTableProps } from './ListTable.tsx';
import { PageHeader } from './PageHeader.tsx';

export interface ListPageProps<Row> extends Omit<ListTableProps<Row>, 'label'> {
  title: string;
  /** 1 for a page of its own, 2 for a list that is a section of a page. */
  headingLevel?: 1 | 2;
  description?: ReactNode;
  /** The page's buttons beside the title (Add, a mode switch). */
  actions?: ReactNode;
  /** Names the table; the title unless the page calls it otherwise. */
  label?: string;
  /** Between the header and the table: what an action on a row came to, say. */
  notice?: ReactNode;
  /** After the table: the dialogs and panels its rows open. */
  children?: ReactNode;
}

/**
 * A list screen: a section named by its title, with its description and actions, the filters, and
 * the table with paging, search, and its loading, empty and failed states. A new list is its columns
 * and its query:
 *
 * ```tsx
 * const list = useListParams(useSearchParams());
 * const payments = usePayments(list.page, list.pageSize);
 * <ListPage title={t('…')} params={list} columns={columns} getRowKey={(p) => p.id} {...listStateOf(payments)} />
 * ```
 */
export function ListPage<Row>({
  title,
  headingLevel = 1,
  description,
  actions,
  label,
  notice,
  children,
  ...table
}: ListPageProps<Row>) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Box sx={{ mb: headingLevel === 1 ? 3 : 2 }}>
        <PageHeader
          title={title}
          titleId={titleId}
          headingLevel={headingLevel}
          description={description}
          actions={actions}
        />
      </Box>
      {notice}
      <ListTable label={label ?? title} {...table} />
      {children}
    </Box>
  );
}
