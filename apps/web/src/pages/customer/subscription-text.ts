import type { TFunction } from 'i18next';
import { trialCountdownMessage } from '@kiosk/core';
import type { KioskSettings, Subscription } from '@kiosk/contracts';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { periodAmount, periodMessage, type SubscriptionSchedule } from './subscription-view.ts';

/** "1 KDT per month"; undefined when a price of it is gone, so no amount would be true. */
export function priceText(
  subscription: Subscription,
  settings: KioskSettings | undefined,
  t: TFunction,
): string | undefined {
  const amount = periodAmount(subscription);
  const period = periodMessage(subscription.recurring);
  if (amount === undefined) return undefined;
  const money = formatInvoiceMoney(
    amount,
    currencyOf(settings, subscription.currency_id),
    subscription.currency_id,
  );
  return period
    ? t('portal.subscription.price', { amount: money, period: t(period.key, period.params) })
    : money;
}

/** The summary line of a schedule: a trial's countdown, the next invoice, the cancel or end date. */
export function scheduleText(schedule: SubscriptionSchedule, t: TFunction, date: (unix: number) => string) {
  switch (schedule.kind) {
    case 'trial': {
      const countdown = trialCountdownMessage(schedule.countdown);
      return t(countdown.key, countdown.params);
    }
    case 'renews':
      return t('portal.subscription.nextInvoice', { date: date(schedule.nextInvoiceAt) });
    case 'cancels':
      return t('portal.subscription.cancelsOn', { date: date(schedule.at) });
    case 'ended':
      return t('portal.subscription.endedOn', { date: date(schedule.at) });
    case 'pastDue':
      return t('portal.subscription.pastDue');
    case 'incomplete':
      return t('portal.subscription.incomplete');
    case 'paused':
      return t('portal.subscription.paused');
  }
}
