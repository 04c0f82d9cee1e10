import {
  lineTotal,
  priceIn,
  SECONDS,
  trialCountdown,
  type Interval,
  type SubscriptionStatus,
  type TrialCountdown,
} from '@kiosk/core';
import type { CheckoutSession, Subscription } from '@kiosk/contracts';

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

/** The i18n key and count that say how often it renews (`checkout.recurring.month` "per month" …). */
export function periodMessage(
  recurring: Subscription['recurring'],
): { key: string; params: { count: number } } | undefined {
  if (!(recurring.interval in SECONDS)) return undefined;
  const interval = recurring.interval as Interval;
  const count = recurring.interval_count;
  return {
    key: count === 1 ? `checkout.recurring.${interval}` : `checkout.recurring.${interval}.every`,
    params: { count },
  };
}

/** Product names by price id, from the checkout the subscription started in (its prices are expanded). */
export function productNamesOf(checkout: CheckoutSession | undefined): Map<string, string> {
  return new Map(checkout?.line_items.map((line) => [line.price_id, line.price.product.name]) ?? []);
}

/** An item's name: its price's nickname, else its product's name, else the price id. */
export function itemName(item: Subscription['items'][number], productNames: Map<string, string>): string {
  return item.price?.nickname ?? productNames.get(item.price_id) ?? item.price_id;
}

/** What the subscription is called: the description it was sold with, else its items' names. */
export function planName(subscription: Subscription, productNames: Map<string, string>): string {
  if (subscription.description) return subscription.description;
  const names = subscription.items.map((item) => itemName(item, productNames));
  return names.length > 0 ? names.join(', ') : subscription.id;
}

/** Whether naming the plan needs the product names of its checkout (the subscription has none). */
export function needsProductNames(subscription: Subscription): boolean {
  return !subscription.description && subscription.items.some((item) => !item.price?.nickname);
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

/** Which of the customer's actions the subscription offers: cancel (with its timing) and resume. */
export interface SubscriptionActions {
  cancel: CancelTiming | null;
  resume: boolean;
}

export function subscriptionActions(subscription: Subscription): SubscriptionActions {
  if (hasEnded(subscription)) return { cancel: null, resume: false };
  if (subscription.cancel_at_period_end) return { cancel: null, resume: true };
  return { cancel: cancelTiming(subscription), resume: false };
}
