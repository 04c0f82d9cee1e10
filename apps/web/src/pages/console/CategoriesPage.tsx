import { consoleMessages } from '@kiosk/core/i18n/console';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, type DataTableColumn, useScreenMessages } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Category } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { CategoryDialog } from './CategoryDialog.tsx';
import { DeleteCategoryDialog } from './DeleteCategoryDialog.tsx';
import { useCategories } from './use-categories.ts';

const DEFAULT_PAGE_SIZE = 10;
const TITLE_ID = 'console-categories-title';

type Editing = { kind: 'add' } | { kind: 'rename'; category: Category } | null;

/**
 * `/console/categories` (seed 001 §2, §5, §6; issue 12 item 8): the admins' categories with their
 * Chinese names and how many store-front apps each holds. The API answers the whole list, so the
 * table pages it here.
 */
export function CategoriesPage() {
  useScreenMessages(consoleMessages);
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const categories = useCategories();
  const title = t('page.screen.consoleCategories');
  useDocumentTitle(title);
  const all = categories.data?.list ?? [];
  const shown = all.slice(page * pageSize, (page + 1) * pageSize);
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
    {
      key: 'actions',
      label: t('console.categories.actions'),
      align: 'right',
      render: (category) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: { md: 'flex-end' } }}>
          <Button
            size="small"
            onClick={() => setEditing({ kind: 'rename', category })}
            aria-label={t('console.categories.renameNamed', { name: category.name })}
          >
            {t('console.categories.rename')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(category)}
            aria-label={t('console.categories.deleteNamed', { name: category.name })}
          >
            {t('console.categories.delete')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 3 }}
        >
          <Box>
            <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('console.categories.description')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'add' })}
            sx={{ flexShrink: 0 }}
          >
            {t('console.categories.add')}
          </Button>
        </Stack>
        <DataTable
          label={title}
          columns={columns}
          rows={shown}
          getRowKey={(category) => category.id}
          count={all.length}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          loading={categories.isPending}
          emptyText={t('console.categories.empty')}
          error={
            categories.isError
              ? { message: categories.error.message, onRetry: () => void categories.refetch() }
              : null
          }
        />
      </Box>
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
