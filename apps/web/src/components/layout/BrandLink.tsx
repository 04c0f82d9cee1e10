import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Link from '@mui/material/Link';

export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
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
