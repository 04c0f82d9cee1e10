import type { TFunction } from 'i18next';
import {
  periodBoundary,
  SECONDS,
  trialCountdown,
  trialEnd,
  type Interval,
  type TrialCountdown,
} from '@kiosk/core';
import type { CheckoutSession, PaymentCurrency } from '@kiosk/contracts';
import { formatDay } from './format-day.ts';
import { formatMoney } from './format-money.ts';
import { recurringText } from './summary/price-label.ts';

/**
 * The trial the server gives this order at `now` (unix seconds), the rule of its submit: the session's
 * subscription_data, only in a currency `trial_currency` names when it names any, and none for a
 * buyer the server knows has had this product's trial (`trial_eligible`).
 */
export function trialEndOf(session: CheckoutSession, currencyId: string, now: number): number | undefined {
  if (!session.trial_eligible) return undefined;
  const data = session.subscription_data as {
    trial_period_days?: number;
    trial_end?: number;
    trial_currency?: string;
  };
  const currencies = data.trial_currency
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (currencies?.length && !currencies.includes(currencyId)) return undefined;
  return trialEnd(data, now);
}

/**
 * What a subscription checkout asks of the buyer, as Stripe Checkout says it before they agree: what
 * is due today (nothing in a trial), then how much each period and from when.
 */
export interface SubscriptionTerms {
  dueToday: bigint;
  /** What each period costs: every line of a subscription renews on the same interval. */
  amount: bigint;
  recurring: { interval: Interval; interval_count: number };
  trial?: { countdown: TrialCountdown; endsAt: number };
  /** Unix seconds: the first payment after today's, at the trial's end or one period from now. */
  nextChargeAt: number;
}

const isInterval = (interval: string): interval is Interval => interval in SECONDS;

/**
 * A subscription session's terms in `currencyId`, for an order of `amount` per period submitted at
 * `now`, the way the server's submit anchors it (the trial's end, else now); undefined for other modes.
 */
export function subscriptionTermsOf(
  session: CheckoutSession,
  currencyId: string,
  amount: bigint,
  now: number,
): SubscriptionTerms | undefined {
  const recurring = session.line_items[0]?.price.recurring;
  if (session.mode !== 'subscription' || !recurring || !isInterval(recurring.interval)) return undefined;
  const calendar = { interval: recurring.interval, interval_count: recurring.interval_count };
  const endsAt = trialEndOf(session, currencyId, now);
  const countdown = endsAt === undefined ? undefined : trialCountdown(endsAt, now);
  if (endsAt !== undefined && countdown)
    return { dueToday: 0n, amount, recurring: calendar, trial: { countdown, endsAt }, nextChargeAt: endsAt };
  return { dueToday: amount, amount, recurring: calendar, nextChargeAt: periodBoundary(now, calendar, 1) };
}

type Currency = Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;

/** "7 days free", "免费试用 7 天": a trial's length as the summary says it. */
export function trialText(countdown: TrialCountdown, t: TFunction): string {
  const form = countdown.count === 1 ? 'one' : 'other';
  return t('checkout.summary.trial', {
    period: t(`checkout.duration.${countdown.unit}.${form}`, { count: countdown.count }),
  });
}

/** The words under the total and beside the pay button: what each period costs after today, from when. */
export function termsText(
  terms: SubscriptionTerms,
  currency: Currency,
  t: TFunction,
  language: string,
): { then: string; dueToday: string } {
  const params = {
    amount: formatMoney(terms.amount, currency),
    interval: recurringText(terms.recurring, t) ?? '',
    date: formatDay(terms.nextChargeAt, language),
  };
  return {
    then: t('checkout.summary.then', params),
    dueToday: t('checkout.submit.terms', { ...params, dueToday: formatMoney(terms.dueToday, currency) }),
  };
}
