import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExpandedPrice, PaymentCurrency } from '@kiosk/contracts';
import { useCheckoutEvent } from '../checkout-events.ts';
import { formatMoney } from '../format-money.ts';
import type { OrderView } from '../order-view.ts';
import { termsText, trialText } from '../subscription-terms.ts';
import type { SessionEdit } from '../use-checkout.ts';
import { CrossSellOffer } from './CrossSellOffer.tsx';
import type { AmountStatus } from './CustomAmountField.tsx';
import { OrderLine } from './OrderLine.tsx';

/** Seed 000 §2: on mobile the summary starts collapsed from 3 items on. */
export const COLLAPSE_FROM_ITEMS = 3;

export interface OrderSummaryProps {
  order: OrderView;
  currency: PaymentCurrency;
  /** A small screen: long orders start collapsed. */
  compact: boolean;
  /** An edit is on its way. */
  updating: boolean;
  locked: boolean;
  crossSell: ExpandedPrice | null | undefined;
  crossSellRequired: boolean;
  onEdit: (edit: SessionEdit) => void;
  onAmountStatus?: (status: AmountStatus) => void;
  heading?: ReactNode;
}

export function OrderSummary({
  order,
  currency,
  compact,
  updating,
  locked,
  crossSell,
  crossSellRequired,
  onEdit,
  onAmountStatus,
  heading,
}: OrderSummaryProps) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  const collapsible = compact && order.lines.length >= COLLAPSE_FROM_ITEMS;
  const [open, setOpen] = useState(false);
  // A required cross-sell the buyer skipped must be seen: open the summary that holds the offer.
  useCheckoutEvent('error.REQUIRE_CROSS_SELL', () => setOpen(true));
  const expanded = !collapsible || open;
  const offered = crossSell && !order.lines.some((view) => view.line.price_id === crossSell.id);
  const terms = order.subscription;
  // A subscription's total is what is due today: nothing in a trial (Stripe Checkout's "Total due today").
  const total = formatMoney(terms ? terms.dueToday : order.total, currency);

  return (
    <Box component="section" aria-label={t('checkout.summary.title')}>
      {heading}
      {collapsible && (
        <Button
          fullWidth
          onClick={() => setOpen((value) => !value)}
          aria-expanded={expanded}
          aria-controls={listId}
          endIcon={<ExpandMoreIcon sx={{ transform: expanded ? 'rotate(180deg)' : 'none' }} />}
          sx={{ justifyContent: 'space-between' }}
        >
          <span>
            {expanded
              ? t('checkout.summary.hide')
              : t('checkout.summary.show', { count: order.lines.length })}
          </span>
          <span>{total}</span>
        </Button>
      )}
      <Collapse in={expanded} id={listId}>
        <Box component="ul" sx={{ p: 0, m: 0 }}>
          {order.lines.map((view) => (
            <OrderLine
              key={view.line.price_id}
              view={view}
              currency={currency}
              locked={locked || updating}
              onEdit={onEdit}
              onAmountStatus={onAmountStatus}
              donation={order.donation ?? false}
            />
          ))}
        </Box>
        {offered && (
          <Box sx={{ mt: 1 }}>
            <CrossSellOffer
              price={crossSell}
              currency={currency}
              required={crossSellRequired}
              locked={locked || updating}
              onAdd={() => onEdit({ type: 'addCrossSell', to: crossSell.id })}
            />
          </Box>
        )}
      </Collapse>
      <Box sx={{ height: 4, my: 1 }}>
        {updating && <LinearProgress aria-label={t('checkout.summary.updating')} />}
      </Box>
      <Divider />
      {terms?.trial && (
        <Typography variant="subtitle1" sx={{ pt: 1.5, fontWeight: 600 }} data-testid="checkout-trial">
          {trialText(terms.trial.countdown, t)}
        </Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', pt: 1.5 }}>
        <Typography variant="subtitle1">
          {t(terms ? 'checkout.summary.dueToday' : 'checkout.summary.total')}
        </Typography>
        <Typography variant="h6" component="p" aria-live="polite" data-testid="checkout-total">
          {total}
        </Typography>
      </Stack>
      {terms && (
        <Typography variant="body2" color="text.secondary" data-testid="checkout-then">
          {termsText(terms, currency, t, i18n.language).then}
        </Typography>
      )}
    </Box>
  );
}
