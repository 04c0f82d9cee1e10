import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lineTotal, priceIn } from '@kiosk/core';
import type { KioskSettings, Subscription } from '@kiosk/contracts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { SubscriptionActions } from './SubscriptionActions.tsx';
import { SubscriptionStatusChip } from './SubscriptionStatusChip.tsx';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { priceText, scheduleText } from './subscription-text.ts';
import { hasEnded, itemName, subscriptionSchedule } from './subscription-view.ts';

export interface SubscriptionDetailsProps {
  subscription: Subscription;
  name: string;
  productNames: Map<string, string>;
  settings: KioskSettings | undefined;
  livemode: boolean;
  now: number;
  date: (unix: number) => string;
}

/** Label–value rows, a description list for screen readers. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'end', minWidth: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The cancel state in words: renews, ends on a date (resumable until then), or was cancelled. */
function cancellationText(subscription: Subscription, t: TFunction, date: (unix: number) => string) {
  if (hasEnded(subscription))
    return subscription.canceled_at === null
      ? t(`portal.subscription.status.${subscription.status}`)
      : t('portal.subscription.canceledOn', { date: date(subscription.canceled_at) });
  if (subscription.cancel_at_period_end)
    return t('portal.subscription.cancelScheduled', {
      date: date(subscription.cancel_at ?? subscription.current_period_end),
    });
  return t('portal.subscription.renewsAutomatically');
}

/**
 * One subscription as its customer reads it: the plan, what it costs per period, where it stands
 * (status, trial, current period, cancel state), its items, and the customer's actions on it.
 */
export function SubscriptionDetails({
  subscription,
  name,
  productNames,
  settings,
  livemode,
  now,
  date,
}: SubscriptionDetailsProps) {
  const { t } = useTranslation();
  const currency = currencyOf(settings, subscription.currency_id);
  const schedule = subscriptionSchedule(subscription, now);
  const price = priceText(subscription, settings, t);

  const facts: [string, ReactNode][] = [
    [
      t('portal.subscription.id'),
      <Box
        component="code"
        sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
      >
        {subscription.id}
      </Box>,
    ],
    [t('portal.subscription.started'), date(subscription.start_date)],
  ];
  if (!hasEnded(subscription))
    facts.push([
      t('portal.subscription.currentPeriod'),
      `${date(subscription.current_period_start)} – ${date(subscription.current_period_end)}`,
    ]);
  if (subscription.trial_end !== null)
    facts.push([
      t(subscription.trial_end > now ? 'portal.subscription.trialEnd' : 'portal.subscription.trialEnded'),
      date(subscription.trial_end),
    ]);
  facts.push([t('portal.subscription.cancellation'), cancellationText(subscription, t, date)]);

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="subscription-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              id="subscription-title"
              component="h1"
              variant="h5"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <SubscriptionStatusChip status={subscription.status} />
            {!livemode && (
              <Chip label={t('shell.testMode')} color="warning" variant="outlined" size="small" />
            )}
          </Stack>
          {price && (
            <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {price}
            </Typography>
          )}
          <Typography
            color={schedule.kind === 'pastDue' ? 'error' : 'text.secondary'}
            data-testid="subscription-schedule"
          >
            {scheduleText(schedule, t, date)}
          </Typography>
        </Stack>

        <SubscriptionActions subscription={subscription} livemode={livemode} date={date} />

        {subscription.items.length > 0 && (
          <Box component="section" aria-labelledby="subscription-items">
            <Typography id="subscription-items" component="h2" variant="subtitle2" sx={{ mb: 1 }}>
              {t('portal.subscription.items')}
            </Typography>
            <Stack
              component="ul"
              divider={<Divider component="li" aria-hidden />}
              spacing={1}
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {subscription.items.map((item) => {
                const terms = item.price && priceIn(item.price, subscription.currency_id);
                return (
                  <Stack
                    key={item.id}
                    component="li"
                    direction="row"
                    spacing={2}
                    sx={{ alignItems: 'baseline' }}
                  >
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography sx={{ overflowWrap: 'anywhere' }}>
                        {itemName(item, productNames)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('portal.subscription.quantity', { quantity: item.quantity })}
                      </Typography>
                    </Box>
                    {terms && (
                      <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatInvoiceMoney(
                          lineTotal(terms, item.quantity, undefined),
                          currency,
                          subscription.currency_id,
                        )}
                      </Typography>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          </Box>
        )}

        <Divider />
        <Facts rows={facts} />
      </Stack>
    </Paper>
  );
}
