import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentCurrency } from '@kiosk/contracts';
import { formatDay } from '../format-day.ts';
import { formatMoney } from '../format-money.ts';
import { cycleAmountIn, type SetupSubscription } from '../setup-subscription.ts';
import { recurringText } from './price-label.ts';

export interface SetupSummaryProps {
  /** Undefined when the session's answer carries no subscription the page can read. */
  subscription: SetupSubscription | undefined;
  /** The chosen currency: a cycle is shown as it will be collected. */
  currency: PaymentCurrency;
}

/**
 * A setup session's summary in place of the order: there are no lines to edit, only the subscription
 * whose future payments the customer authorises, what each cycle costs, when the next one is due, and
 * that nothing is charged now.
 */
export function SetupSummary({ subscription, currency }: SetupSummaryProps) {
  const { t, i18n } = useTranslation();
  const cycle = subscription && cycleAmountIn(subscription, currency.id);

  return (
    <Box component="section" aria-label={t('checkout.setup.title')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('checkout.setup.title')}
      </Typography>
      {subscription && (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', py: 1.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {subscription.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('checkout.setup.nextPayment', {
                date: formatDay(subscription.nextPaymentAt, i18n.language),
              })}
            </Typography>
          </Box>
          {cycle !== undefined && (
            <Box sx={{ textAlign: 'end' }}>
              <Typography variant="body1" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(cycle, currency)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {recurringText(subscription.recurring, t)}
              </Typography>
            </Box>
          )}
        </Stack>
      )}
      <Divider />
      <Typography sx={{ pt: 1.5 }}>{t('checkout.setup.notChargedNow')}</Typography>
    </Box>
  );
}
