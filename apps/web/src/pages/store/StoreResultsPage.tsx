import { storeFrontMessages } from '@kiosk/core/i18n/store-front';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { visuallyHidden, useScreenMessages } from '@kiosk/react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { AppGrid } from './AppGrid.tsx';
import { CategoryChips } from './CategoryChips.tsx';
import { StoreSearchBox } from './StoreSearchBox.tsx';
import {
  APP_SORT_OPTIONS,
  SORT_LABEL_KEYS,
  categoryLabel,
  formatCount,
  isAppSort,
  pageFrom,
} from './store-format.ts';
import { RESULTS_PAGE_SIZE, useStoreApps, useStoreCategories, type AppSort } from './use-store-apps.ts';

const TITLE_ID = 'store-results-title';
const CATEGORIES_ID = 'store-results-categories';

/**
 * `/search?q=&sort=&page=` and `/category/:category` (seed 001 §2: the same list screen as the home).
 * The address holds the words, the sort and the page, so a result page can be shared, reloaded and
 * walked back to.
 */
export function StoreResultsPage() {
  useScreenMessages(storeFrontMessages);
  const { t, i18n } = useTranslation();
  const { category } = useParams<{ category?: string }>();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const sortParam = params.get('sort');
  const sort = isAppSort(sortParam) ? sortParam : 'relevance';
  const page = pageFrom(params.get('page'));
  const apps = useStoreApps({ q, category, sort, page, pageSize: RESULTS_PAGE_SIZE });
  const categories = useStoreCategories();

  const known = category ? categories.data?.list.find((entry) => entry.name === category) : undefined;
  const categoryName = category ? (known ? categoryLabel(known, i18n.language) : category) : undefined;
  const title =
    categoryName ?? (q ? t('storeFront.results.searchTitle', { q }) : t('storeFront.results.allTitle'));
  useDocumentTitle(title);

  // Each change writes the address; the query reads it back. A new sort starts again from page 1.
  const change = (update: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      update(next);
      return next;
    });
  const changeSort = (event: ChangeEvent<HTMLInputElement>) =>
    change((next) => {
      next.set('sort', event.target.value);
      next.delete('page');
    });
  const changePage = (_: unknown, value: number) => {
    change((next) => (value > 1 ? next.set('page', String(value)) : next.delete('page')));
    window.scrollTo({ top: 0 });
  };

  const count = apps.data?.count ?? 0;
  const pageCount = Math.ceil(count / RESULTS_PAGE_SIZE);
  const empty = q
    ? t('storeFront.results.emptySearch', { q })
    : categoryName
      ? t('storeFront.results.emptyCategory', { category: categoryName })
      : t('storeFront.results.emptyAll');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3} component="section" aria-labelledby={TITLE_ID}>
        <Breadcrumbs aria-label={t('storeFront.breadcrumbs')}>
          <Link component={RouterLink} to="/" underline="hover" color="inherit">
            {t('storeFront.home.title')}
          </Link>
          <Typography color="text.primary" noWrap sx={{ maxWidth: '60vw' }}>
            {title}
          </Typography>
        </Breadcrumbs>

        <Box>
          <Typography
            id={TITLE_ID}
            component="h1"
            variant="h4"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {category && (
            <Typography color="text.secondary">{t('storeFront.results.categorySubtitle')}</Typography>
          )}
        </Box>

        <ResultsFilter category={category} q={q} sortParam={sortParam} />

        <ResultCountAndSort count={apps.data ? count : undefined} sort={sort} onSortChange={changeSort} />

        <AppGrid
          apps={apps.data?.list}
          pending={apps.isPending}
          error={apps.error}
          onRetry={() => void apps.refetch()}
          label={title}
          empty={
            <>
              {empty}
              <br />
              {t('storeFront.results.emptyHint')}
            </>
          }
          headingLevel="h2"
          skeletons={8}
        />

        {!apps.error && pageCount > 1 && (
          <Pagination
            count={pageCount}
            page={Math.min(page, pageCount)}
            onChange={changePage}
            color="primary"
            siblingCount={0}
            aria-label={t('storeFront.results.pages')}
            sx={{ alignSelf: 'center' }}
          />
        )}
      </Stack>
    </Container>
  );
}

/** A category's page walks the other categories; any other list has the search box. */
function ResultsFilter({
  category,
  q,
  sortParam,
}: {
  category: string | undefined;
  q: string;
  sortParam: string | null;
}) {
  const { t } = useTranslation();
  return category ? (
    <Box component="nav" aria-labelledby={CATEGORIES_ID}>
      <Typography id={CATEGORIES_ID} component="h2" sx={visuallyHidden}>
        {t('storeFront.categories.heading')}
      </Typography>
      <CategoryChips current={category} labelledBy={CATEGORIES_ID} />
    </Box>
  ) : (
    // Keyed by the words, so a search from elsewhere (the header, the back button) refills the box.
    <StoreSearchBox key={q} initialQuery={q} sort={sortParam ?? undefined} />
  );
}

/** How many apps the list holds (said once known) and the order they are listed in. */
function ResultCountAndSort({
  count,
  sort,
  onSortChange,
}: {
  /** Undefined until the list is read. */
  count: number | undefined;
  sort: AppSort;
  onSortChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography color="text.secondary" aria-live="polite" data-testid="result-count">
        {count !== undefined
          ? t('storeFront.results.count', { count, formatted: formatCount(count, i18n.language) })
          : ''}
      </Typography>
      <TextField
        select
        size="small"
        label={t('storeFront.sort.label')}
        value={sort}
        onChange={onSortChange}
        sx={{ minWidth: { sm: 200 } }}
        slotProps={{ select: { native: true } }}
      >
        {APP_SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(SORT_LABEL_KEYS[option])}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
