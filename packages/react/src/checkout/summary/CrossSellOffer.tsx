import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { priceIn } from '@kiosk/core';
import type { ExpandedPrice, PaymentCurrency } from '@kiosk/contracts';
import { useCheckoutEvent } from '../checkout-events.ts';
import { formatMoney } from '../format-money.ts';

/** Seed 000 §8: REQUIRE_CROSS_SELL shakes the cross-sell area for 1 s. */
export const SHAKE_MS = 1_000;

const shake = keyframes`
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-8px); }
  40%, 60% { transform: translateX(8px); }
`;

export interface CrossSellOfferProps {
  price: ExpandedPrice;
  currency: PaymentCurrency;
  required: boolean;
  locked: boolean;
  onAdd: () => void;
}

export function CrossSellOffer({ price, currency, required, locked, onAdd }: CrossSellOfferProps) {
  const { t } = useTranslation();
  const [shaking, setShaking] = useState(false);
  useCheckoutEvent('error.REQUIRE_CROSS_SELL', () => {
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  });
  const terms = priceIn(price, currency.id);

  return (
    <Box
      data-shaking={shaking || undefined}
      sx={{
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: shaking ? 'error.main' : 'divider',
        animation: shaking ? `${shake} ${SHAKE_MS}ms ease-in-out` : 'none',
        // Without motion, the red border alone says it.
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('checkout.crossSell.title')}
        </Typography>
        {required && <Chip size="small" color="warning" label={t('checkout.crossSell.required')} />}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={price.product.images[0]} alt="" sx={{ bgcolor: 'secondary.light' }}>
          {price.product.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {price.product.name}
          </Typography>
          {terms && (
            <Typography variant="body2" color="text.secondary">
              {formatMoney(terms.unitAmount, currency)}
            </Typography>
          )}
        </Box>
        <Button variant="outlined" size="small" disabled={locked} onClick={onAdd}>
          {t('checkout.crossSell.add')}
        </Button>
      </Stack>
      {shaking && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {t('error.REQUIRE_CROSS_SELL')}
        </Typography>
      )}
    </Box>
  );
}
