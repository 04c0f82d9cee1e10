import { consoleMessages } from '@kiosk/core/i18n/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { Category } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { CategoryDialog } from './CategoryDialog.tsx';
import { ConsoleNav } from './ConsoleNav.tsx';
import { DeleteCategoryDialog } from './DeleteCategoryDialog.tsx';
import { useCategories } from './use-categories.ts';

type Editing = { kind: 'add' } | { kind: 'rename'; category: Category } | null;

/**
 * `/console/categories` (seed 001 §2, §5, §6; issue 12 item 8): the admins' categories with their
 * Chinese names and how many store-front apps each holds. The API answers the whole list, so the
 * table pages it here; the page is in the address.
 */
export function CategoriesPage() {
  useScreenMessages(consoleMessages);
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const categories = useCategories();
  const title = t('page.screen.consoleCategories');
  useDocumentTitle(title);
  const formatCount = new Intl.NumberFormat(i18n.language).format;

  const columns: DataTableColumn<Category>[] = [
    { key: 'name', label: t('console.categories.name') },
    {
      key: 'zh',
      label: t('console.categories.zhName'),
      render: (category) => (
        <Box component="span" lang="zh">
          {category.locales.zh ?? '—'}
        </Box>
      ),
    },
    {
      key: 'app_count',
      label: t('console.categories.appCount'),
      align: 'right',
      render: (category) => formatCount(category.app_count),
    },
    actionsColumn(t('console.categories.actions'), (category) => [
      {
        label: t('console.categories.rename'),
        ariaLabel: t('console.categories.renameNamed', { name: category.name }),
        onClick: () => setEditing({ kind: 'rename', category }),
      },
      {
        label: t('console.categories.delete'),
        ariaLabel: t('console.categories.deleteNamed', { name: category.name }),
        color: 'error',
        onClick: () => setDeleting(category),
      },
    ]),
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ConsoleNav />
      <ListPage
        title={title}
        description={t('console.categories.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'add' })}>
            {t('console.categories.add')}
          </Button>
        }
        params={list}
        columns={columns}
        getRowKey={(category) => category.id}
        emptyText={t('console.categories.empty')}
        {...listStateOf(categories)}
      />
      {editing && (
        <CategoryDialog
          category={editing.kind === 'rename' ? editing.category : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />}
    </Container>
  );
}
