import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paidAppsMessages } from '@kiosk/core/i18n/paid-apps';
import { useScreenMessages } from '@kiosk/react';
import { pricingLabel, priceText } from '../../store/purchase/price-label.ts';
import { useAppPricing } from '../../store/purchase/use-app-purchase.ts';
import { PricingDialog } from './PricingDialog.tsx';
import { usePricingCurrencies } from './use-pricing.ts';

/** The app's price in its developer's panel, and the way to change it. */
export function PricingSection({ did, title }: { did: string; title: string }) {
  useScreenMessages(paidAppsMessages);
  const { t } = useTranslation();
  const pricing = useAppPricing(did);
  const currencies = usePricingCurrencies();
  const [editing, setEditing] = useState(false);
  const label = pricing.data && pricingLabel(pricing.data);
  const ready = pricing.isSuccess && currencies.isSuccess;

  return (
    <Box component="section" aria-labelledby="developer-app-pricing">
      <Stack
        direction="row"
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
      >
        <Typography id="developer-app-pricing" component="h2" variant="h6">
          {t('paidApps.pricing.heading')}
        </Typography>
        <Button variant="outlined" size="small" disabled={!ready} onClick={() => setEditing(true)}>
          {t('paidApps.pricing.set')}
        </Button>
      </Stack>
      {pricing.isPending ? (
        <Skeleton variant="text" width="30%" />
      ) : pricing.isError || currencies.isError ? (
        <Typography color="error">{t('paidApps.pricingError')}</Typography>
      ) : (
        <Typography>
          {label ? t(label.key, { price: label.price }) : t('paidApps.pricing.type.free')}
          {pricing.data.prices.length > 1 &&
            ` · ${t('paidApps.price.more', { prices: pricing.data.prices.slice(1).map(priceText).join(' · ') })}`}
        </Typography>
      )}
      {editing && ready && (
        <PricingDialog
          did={did}
          title={title}
          pricing={pricing.data}
          currencies={currencies.data.list}
          storeShareBps={currencies.data.store_share_bps}
          onClose={() => setEditing(false)}
        />
      )}
    </Box>
  );
}
