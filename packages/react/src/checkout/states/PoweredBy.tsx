import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useKiosk } from '../../provider/KioskProvider.tsx';

export function PoweredBy() {
  const { t } = useTranslation();
  const { client } = useKiosk();
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      <Link href={client.pageUrl('/')} color="inherit" underline="hover" target="_blank" rel="noopener">
        {t('checkout.poweredBy', { name: 'Kiosk' })}
      </Link>
    </Typography>
  );
}
