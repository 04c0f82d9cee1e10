import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { PaymentCurrency } from '@kiosk/contracts';
import { formatMoney } from '../format-money.ts';
import type { LineView } from '../order-view.ts';
import type { SessionEdit } from '../use-checkout.ts';
import type { AmountStatus } from './CustomAmountField.tsx';
import { priceName, recurringText } from './price-label.ts';

// Only a pay-what-you-want line has a text field: the field's code loads with the first such line.
const CustomAmountField = lazy(() =>
  import('./CustomAmountField.tsx').then((module) => ({ default: module.CustomAmountField })),
);

/** Seed 000 §9: avatars are 48 px by default. */
const IMAGE_PX = 48;

export interface OrderLineProps {
  view: LineView;
  currency: PaymentCurrency;
  /** No edits while one is on its way or the order is being paid. */
  locked: boolean;
  onEdit: (edit: SessionEdit) => void;
  /** A pay-what-you-want line's typed amount: settled, being typed, or refused. */
  onAmountStatus?: (status: AmountStatus) => void;
  /** The order is a donation: its amount field offers preset cards and a random amount. */
  donation?: boolean;
}

export function OrderLine({
  view,
  currency,
  locked,
  onEdit,
  onAmountStatus,
  donation = false,
}: OrderLineProps) {
  const { t } = useTranslation();
  const problemId = useId();
  const { line, amount, unitAmount, custom, problem, upsell } = view;
  const { product } = line.price;
  const period = recurringText(line.price.recurring, t);

  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5 }}
      aria-describedby={problem ? problemId : undefined}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={product.images[0]}
          alt=""
          sx={{ width: IMAGE_PX, height: IMAGE_PX, bgcolor: 'primary.light' }}
        >
          {product.name.slice(0, 1)}
        </Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {product.name}
          </Typography>
          {(line.price.nickname || product.description) && (
            <Typography variant="body2" color="text.secondary">
              {line.price.nickname ?? product.description}
            </Typography>
          )}
          {!custom && (
            <Typography variant="body2" color="text.secondary">
              {t('checkout.summary.quantity', { quantity: line.quantity })}
              {line.quantity > 1 &&
                ` · ${t('checkout.summary.each', { amount: formatMoney(unitAmount, currency) })}`}
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'end' }}>
          <Typography variant="body1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatMoney(amount, currency)}
          </Typography>
          {period && (
            <Typography variant="caption" color="text.secondary">
              {period}
            </Typography>
          )}
        </Box>
      </Stack>
      {problem && (
        <Typography id={problemId} role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t(problem === 'exceed_inventory' ? 'error.EXCEED_INVENTORY' : 'error.EXCEED_PURCHASE_LIMIT')}
        </Typography>
      )}
      {custom && (
        <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ mt: 1 }} />}>
          <CustomAmountField
            custom={custom}
            amount={amount}
            currency={currency}
            disabled={locked}
            onChange={(value) => onEdit({ type: 'amount', priceId: line.price_id, amount: value })}
            onStatus={onAmountStatus}
            donation={donation}
          />
        </Suspense>
      )}
      {upsell && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={upsell.upsold}
                disabled={locked}
                onChange={() =>
                  onEdit(
                    upsell.upsold
                      ? { type: 'downsell', from: line.price_id }
                      : { type: 'upsell', from: line.price_id, to: upsell.price.id },
                  )
                }
              />
            }
            label={t('checkout.upsell.switch', {
              name: priceName(upsell.upsold ? line.price : upsell.price, t),
            })}
            slotProps={{ typography: { variant: 'body2' } }}
          />
          {upsell.savingPercent !== undefined && (
            <Chip
              size="small"
              color="success"
              label={t('checkout.upsell.save', { percent: upsell.savingPercent })}
            />
          )}
        </Stack>
      )}
      {line.cross_sell && (
        <Button
          size="small"
          disabled={locked}
          onClick={() => onEdit({ type: 'removeCrossSell' })}
          sx={{ mt: 0.5 }}
        >
          {t('checkout.crossSell.remove')}
        </Button>
      )}
    </Box>
  );
}
