import {
  lineTotal,
  priceIn,
  SECONDS,
  trialCountdown,
  type Interval,
  type SubscriptionStatus,
  type TrialCountdown,
} from '@kiosk/core';
import type { Subscription } from '@kiosk/contracts';
import type { TFunction } from 'i18next';

/**
 * What the portal says about a subscription, decided from its fields and a `now` the screen reads:
 * each decision is a value, so the screens only spell it and the tests read it without rendering.
 */

const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export function hasEnded(subscription: Subscription): boolean {
  return ENDED.includes(subscription.status);
}

/**
 * What one period costs: each item's price in the subscription's currency times its quantity, as the
 * billing engine adds up a cycle's invoice (cycleCharge). Undefined when a price is gone or no longer
 * offered in that currency: the engine refuses to bill such an item, so no total would be true.
 */
export function periodAmount(subscription: Subscription): bigint | undefined {
  let total = 0n;
  for (const item of subscription.items) {
    const terms = item.price && priceIn(item.price, subscription.currency_id);
    if (!terms) return undefined;
    total += lineTotal(terms, item.quantity, undefined);
  }
  return total;
}

/**
 * The i18n key and count that say how often it renews: after an amount (`checkout.recurring.month`
 * "per month" …) or as a plan's name (`portal.plan.month` "Monthly" …).
 */
export function periodMessage(
  recurring: Subscription['recurring'],
  group: 'checkout.recurring' | 'portal.plan' = 'checkout.recurring',
): { key: string; params: { count: number } } | undefined {
  if (!(recurring.interval in SECONDS)) return undefined;
  const interval = recurring.interval as Interval;
  const count = recurring.interval_count;
  return {
    key: count === 1 ? `${group}.${interval}` : `${group}.${interval}.every`,
    params: { count },
  };
}

/** An item's name: its product's, then its price's nickname ("Kiosk Pro · Monthly"), else the price id. */
export function itemName(item: Subscription['items'][number]): string {
  const parts = [item.product_name, item.price?.nickname].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : item.price_id;
}

/**
 * What a buyer knows a subscription by (issue 21 item 8): its products' names, then the plan (the
 * price's nickname, else how often it renews). The merchant's description names only a subscription
 * whose products are gone, and the id one with nothing else.
 */
export function planName(subscription: Subscription, t: TFunction): string {
  const products = [...new Set(subscription.items.flatMap((item) => item.product_name ?? []))];
  if (products.length === 0) return subscription.description || subscription.id;
  const nicknames = [...new Set(subscription.items.flatMap((item) => item.price?.nickname ?? []))];
  const period = periodMessage(subscription.recurring, 'portal.plan');
  const plan = nicknames.length > 0 ? nicknames.join(', ') : period && t(period.key, period.params);
  return [products.join(', '), plan].filter(Boolean).join(' · ');
}

/** Where the subscription stands on its calendar at `now`, as the portal's summary line says it. */
export type SubscriptionSchedule =
  | { kind: 'ended'; at: number }
  | { kind: 'cancels'; at: number }
  | { kind: 'trial'; countdown: TrialCountdown; nextInvoiceAt: number }
  | { kind: 'renews'; nextInvoiceAt: number }
  | { kind: 'pastDue' }
  | { kind: 'incomplete' }
  | { kind: 'paused' };

export function subscriptionSchedule(subscription: Subscription, now: number): SubscriptionSchedule {
  if (hasEnded(subscription))
    return {
      kind: 'ended',
      at: subscription.ended_at ?? subscription.canceled_at ?? subscription.updated_at,
    };
  if (subscription.cancel_at_period_end)
    return { kind: 'cancels', at: subscription.cancel_at ?? subscription.current_period_end };
  switch (subscription.status) {
    case 'past_due':
      return { kind: 'pastDue' };
    case 'incomplete':
      return { kind: 'incomplete' };
    case 'paused':
      return { kind: 'paused' };
    case 'trialing': {
      // Seed 000 §4's countdown; once the trial's end has passed, the first invoice is what comes next.
      const countdown =
        subscription.trial_end === null ? undefined : trialCountdown(subscription.trial_end, now);
      if (countdown) return { kind: 'trial', countdown, nextInvoiceAt: subscription.current_period_end };
      return { kind: 'renews', nextInvoiceAt: subscription.current_period_end };
    }
    default:
      return { kind: 'renews', nextInvoiceAt: subscription.current_period_end };
  }
}

/**
 * When a cancel asked for now would take effect, as the server decides it (cancelSubscription): a paid
 * period (active, or past due) runs to its end; anything else — a free trial, an incomplete or a
 * paused subscription — ends at once (seed 000 §1).
 */
export type CancelTiming = { when: 'periodEnd'; at: number } | { when: 'now'; trial: boolean };

export function cancelTiming(subscription: Subscription): CancelTiming {
  if (subscription.status === 'active' || subscription.status === 'past_due')
    return { when: 'periodEnd', at: subscription.current_period_end };
  return { when: 'now', trial: subscription.status === 'trialing' };
}

/** Which of the customer's actions the subscription offers. */
export interface SubscriptionActions {
  /** Cancel, with its timing, while it renews. */
  cancel: CancelTiming | null;
  /** Resume, while a cancel is scheduled. */
  resume: boolean;
  /** Complete payment: the checkout to go back to, while an incomplete subscription's is still open. */
  completePayment: string | null;
  /** Discard: an incomplete subscription ends at once, owing nothing (the server's cancel of it). */
  discard: boolean;
}

/** What the portal knows of a subscription's checkout (its answer's session). */
export interface SubscriptionCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  expires_at: number;
}

/**
 * Issue 21 item 3: a subscription whose first payment never came owes nothing and does not renew, so
 * it offers Complete payment (back to its checkout while that is open) and Discard instead of Cancel.
 */
export function subscriptionActions(
  subscription: Subscription,
  checkout: SubscriptionCheckout | undefined,
  now: number,
): SubscriptionActions {
  const none = { cancel: null, resume: false, completePayment: null, discard: false };
  if (hasEnded(subscription)) return none;
  if (subscription.status === 'incomplete') {
    const open = checkout?.status === 'open' && checkout.expires_at > now;
    return { ...none, completePayment: open ? checkout.id : null, discard: true };
  }
  if (subscription.cancel_at_period_end) return { ...none, resume: true };
  return { ...none, cancel: cancelTiming(subscription) };
}
