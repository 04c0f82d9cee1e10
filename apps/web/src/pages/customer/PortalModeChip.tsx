import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';

/**
 * Beside a portal page's title when it shows test data: the portal's mode can come from its address
 * (`?livemode=false`), not only from the app's switch the header's chip follows.
 */
export function PortalModeChip({ livemode }: { livemode: boolean }) {
  const { t } = useTranslation();
  if (livemode) return null;
  return <Chip label={t('shell.testMode')} color="warning" variant="outlined" size="small" />;
}
