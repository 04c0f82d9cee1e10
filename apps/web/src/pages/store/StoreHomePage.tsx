import { storeFrontMessages } from '@kiosk/core/i18n/store-front';
import { useScreenMessages } from '@kiosk/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { AppGrid } from './AppGrid.tsx';
import { CategoryChips } from './CategoryChips.tsx';
import { StoreSearchBox } from './StoreSearchBox.tsx';
import { HOME_SECTION_SIZE, useStoreApps, type AppSort } from './use-store-apps.ts';

const TITLE_ID = 'store-home-title';
const CATEGORIES_ID = 'store-home-categories';

interface HomeSectionProps {
  id: string;
  titleKey: string;
  sort: AppSort;
}

/** One row of the home: the first apps of a sort, and a link to all of them in that order. */
function HomeSection({ id, titleKey, sort }: HomeSectionProps) {
  const { t } = useTranslation();
  const apps = useStoreApps({ sort, page: 1, pageSize: HOME_SECTION_SIZE });
  const title = t(titleKey);
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button
          component={RouterLink}
          to={`/search?sort=${sort}`}
          size="small"
          aria-label={t('storeFront.section.seeAllOf', { section: title })}
        >
          {t('storeFront.section.seeAll')}
        </Button>
      </Stack>
      <AppGrid
        apps={apps.data?.list}
        pending={apps.isPending}
        error={apps.error}
        onRetry={() => void apps.refetch()}
        label={title}
        empty={t('storeFront.section.empty')}
        headingLevel="h3"
      />
    </Box>
  );
}

/** `/` (seed 001 §2): search, the categories, then the most downloaded and the newest apps. */
export function StoreHomePage() {
  useScreenMessages(storeFrontMessages);
  const { t } = useTranslation();
  const title = t('storeFront.home.title');
  useDocumentTitle(title);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={{ xs: 4, md: 5 }} component="section" aria-labelledby={TITLE_ID}>
        <Stack spacing={2} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
          <Box>
            <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography color="text.secondary">{t('storeFront.home.subtitle')}</Typography>
          </Box>
          <StoreSearchBox />
        </Stack>

        <Box component="section" aria-labelledby={CATEGORIES_ID}>
          <Typography id={CATEGORIES_ID} component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 600 }}>
            {t('storeFront.categories.heading')}
          </Typography>
          <CategoryChips labelledBy={CATEGORIES_ID} />
        </Box>

        <HomeSection id="store-home-popular" titleKey="storeFront.section.popular" sort="downloads" />
        <HomeSection id="store-home-newest" titleKey="storeFront.section.newest" sort="newest" />
      </Stack>
    </Container>
  );
}
