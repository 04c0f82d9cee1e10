import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DetailFrame,
  DetailItems,
  DetailSection,
  type BackLink,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { lineTotal, priceIn } from '@kiosk/core';
import type { KioskSettings, Subscription } from '@kiosk/contracts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { SubscriptionActions } from './SubscriptionActions.tsx';
import { SubscriptionStatusChip } from './SubscriptionStatusChip.tsx';
import { PortalModeChip } from './PortalModeChip.tsx';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { priceText, scheduleText } from './subscription-text.ts';
import { hasEnded, itemName, subscriptionSchedule } from './subscription-view.ts';

export interface SubscriptionDetailsProps {
  subscription: Subscription;
  name: string;
  settings: KioskSettings | undefined;
  livemode: boolean;
  now: number;
  date: (unix: number) => string;
  back: BackLink;
  /** Above the subscription: what the customer must do first (pay what is past due). */
  notices?: ReactNode;
  /** After it: its invoices. */
  children?: ReactNode;
}

/**
 * The cancel state in words: renews, ends on a date (resumable until then), or was cancelled; none for
 * a subscription never paid for, which does not renew (its schedule says it awaits its first payment).
 */
function cancellationText(subscription: Subscription, t: TFunction, date: (unix: number) => string) {
  if (subscription.status === 'incomplete') return undefined;
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
  settings,
  livemode,
  now,
  date,
  back,
  notices,
  children,
}: SubscriptionDetailsProps) {
  const { t } = useTranslation();
  const currency = currencyOf(settings, subscription.currency_id);
  const schedule = subscriptionSchedule(subscription, now);
  const price = priceText(subscription, settings, t);

  const facts: DetailSummaryRow[] = [
    {
      label: t('portal.subscription.id'),
      value: (
        <Box
          component="code"
          sx={{ fontFamily: MONOSPACE_FONT, fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
        >
          {subscription.id}
        </Box>
      ),
    },
    { label: t('portal.subscription.started'), value: date(subscription.start_date) },
  ];
  // A subscription never paid for has begun no period and no trial (nothing is owed until it is).
  const begun = subscription.status !== 'incomplete';
  if (begun && !hasEnded(subscription))
    facts.push({
      label: t('portal.subscription.currentPeriod'),
      value: `${date(subscription.current_period_start)} – ${date(subscription.current_period_end)}`,
    });
  if (begun && subscription.trial_end !== null)
    facts.push({
      label: t(
        subscription.trial_end > now ? 'portal.subscription.trialEnd' : 'portal.subscription.trialEnded',
      ),
      value: date(subscription.trial_end),
    });
  const cancellation = cancellationText(subscription, t, date);
  if (cancellation) facts.push({ label: t('portal.subscription.cancellation'), value: cancellation });

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      notices={notices}
      title={name}
      status={
        <>
          <SubscriptionStatusChip status={subscription.status} />
          <PortalModeChip livemode={livemode} />
        </>
      }
      subtitle={
        <>
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
        </>
      }
      actions={<SubscriptionActions subscription={subscription} livemode={livemode} now={now} date={date} />}
      body={
        subscription.items.length > 0 && (
          <DetailSection title={t('portal.subscription.items')} titleVariant="subtitle2">
            <DetailItems
              items={subscription.items.map((item) => {
                const terms = item.price && priceIn(item.price, subscription.currency_id);
                return {
                  key: item.id,
                  name: itemName(item),
                  detail: t('portal.subscription.quantity', { quantity: item.quantity }),
                  amount: terms
                    ? formatInvoiceMoney(
                        lineTotal(terms, item.quantity, undefined),
                        currency,
                        subscription.currency_id,
                      )
                    : undefined,
                };
              })}
            />
          </DetailSection>
        )
      }
      summary={[facts]}
    >
      {children}
    </DetailFrame>
  );
}
