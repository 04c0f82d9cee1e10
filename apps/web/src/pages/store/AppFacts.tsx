import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AppDetail } from '@kiosk/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyButton, shortDid } from '@kiosk/react/ui';
import { categoryLabel, categoryPath, formatCount } from './store-format.ts';
import { useStoreCategories } from './use-store-apps.ts';

const FACTS_ID = 'app-detail-facts';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 1, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The app page's side card: its name, developer, category, downloads and current version. */
export function AppFacts({ app }: { app: AppDetail }) {
  const { t, i18n } = useTranslation();
  const categories = useStoreCategories();
  const category = app.category
    ? categories.data?.list.find((entry) => entry.name === app.category)
    : undefined;
  return (
    <Card variant="outlined" component="aside" aria-labelledby={FACTS_ID} sx={{ px: 2, py: 1.5 }}>
      <Typography id={FACTS_ID} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('storeFront.detail.facts')}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact term={t('storeFront.detail.name')}>{app.name}</Fact>
        <Fact term={t('storeFront.detail.developer')}>
          <Box component="span" title={app.developer_did} sx={{ fontFamily: 'monospace' }}>
            {shortDid(app.developer_did, { method: true })}
          </Box>
          <CopyButton value={app.developer_did} label={t('storeFront.detail.copyDeveloper')} />
        </Fact>
        <Fact term={t('storeFront.detail.category')}>
          {app.category ? (
            <Link component={RouterLink} to={categoryPath(app.category)}>
              {category ? categoryLabel(category, i18n.language) : app.category}
            </Link>
          ) : (
            t('storeFront.detail.uncategorized')
          )}
        </Fact>
        <Fact term={t('storeFront.detail.downloads')}>{formatCount(app.downloads, i18n.language)}</Fact>
        <Fact term={t('storeFront.detail.version')}>{app.version ?? t('storeFront.detail.noVersion')}</Fact>
      </Box>
    </Card>
  );
}
