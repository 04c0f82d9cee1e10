import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';

/** Active or archived, for a product, a price or a payment link (`inactiveKey` says which word). */
export function ActiveChip({
  active,
  activeKey = 'catalog.products.active',
  inactiveKey = 'catalog.products.archived',
}: {
  active: boolean;
  activeKey?: string;
  inactiveKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={t(active ? activeKey : inactiveKey)}
    />
  );
}
