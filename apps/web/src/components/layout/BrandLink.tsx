import { useTranslation } from 'react-i18next';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Link from '@mui/material/Link';
import { usePageLink } from './page-link.tsx';

export function BrandLink() {
  const { t } = useTranslation();
  const PageLink = usePageLink();
  return (
    <Link
      component={PageLink}
      to="/"
      underline="none"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: '1.25rem' }}
    >
      <StorefrontIcon color="primary" aria-hidden="true" />
      {t('shell.brand')}
    </Link>
  );
}
