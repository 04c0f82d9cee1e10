import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { categoryLabel, categoryPath } from './store-format.ts';
import { useStoreCategories } from './use-store-apps.ts';

export interface CategoryChipsProps {
  /** The category on screen, marked as the current page. */
  current?: string;
  /** The id of the heading that names the list. */
  labelledBy: string;
}

const CHIP_ROW = { listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 } as const;

/** The admins' categories as links to their result screens, in the visitor's language. */
export function CategoryChips({ current, labelledBy }: CategoryChipsProps) {
  const { t, i18n } = useTranslation();
  const categories = useStoreCategories();

  if (categories.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void categories.refetch()}>
            {t('storeFront.retry')}
          </Button>
        }
      >
        {t('storeFront.categories.loadFailed')} {categories.error.message}
      </Alert>
    );
  if (categories.isPending)
    return (
      <Box sx={CHIP_ROW} role="status" aria-busy="true" aria-label={t('storeFront.categories.loading')}>
        {[72, 96, 64, 88].map((width) => (
          <Skeleton key={width} variant="rounded" width={width} height={32} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
    );
  const list = categories.data.list;
  if (list.length === 0)
    return <Typography color="text.secondary">{t('storeFront.categories.empty')}</Typography>;
  return (
    <Box component="ul" sx={CHIP_ROW} aria-labelledby={labelledBy}>
      {list.map((category) => {
        const selected = category.name === current;
        const label = categoryLabel(category, i18n.language);
        return (
          <li key={category.id}>
            <Chip
              component={RouterLink}
              to={categoryPath(category.name)}
              clickable
              aria-current={selected ? 'page' : undefined}
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              label={t('storeFront.categories.withCount', { name: label, count: category.app_count })}
            />
          </li>
        );
      })}
    </Box>
  );
}
