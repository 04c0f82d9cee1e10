import { lineTotal, priceIn, SECONDS, type Interval } from '@kiosk/core';
import type { CheckoutSession, SessionSubscription } from '@kiosk/contracts';

/**
 * The subscription a setup session (mode `setup`) asks its customer to authorise future payments
 * for, as the summary, the wallet's terms and the success screen say it. Nothing is sold or charged.
 */
export interface SetupSubscription {
  id: string;
  /** Its description, else its items' product names, else its id (as the customer portal names it). */
  name: string;
  recurring: { interval: Interval; interval_count: number };
  /** Unix seconds: when the next payment is collected, at the end of the current period. */
  nextPaymentAt: number;
  items: SessionSubscription['items'];
}

const isInterval = (interval: string): interval is Interval => interval in SECONDS;

function nameOf(subscription: SessionSubscription): string {
  if (subscription.description) return subscription.description;
  const names = subscription.items.flatMap((item) => item.price?.product.name ?? []);
  return names.length > 0 ? names.join(', ') : subscription.id;
}

/** A setup session's subscription (its one element of `subscriptions`); undefined for other modes. */
export function setupSubscriptionOf(session: CheckoutSession): SetupSubscription | undefined {
  const [subscription] = session.mode === 'setup' ? session.subscriptions : [];
  if (!subscription) return undefined;
  const { interval, interval_count } = subscription.recurring;
  if (!isInterval(interval)) return undefined;
  return {
    id: subscription.id,
    name: nameOf(subscription),
    recurring: { interval, interval_count },
    nextPaymentAt: subscription.current_period_end,
    items: subscription.items,
  };
}

/**
 * What one cycle costs in `currencyId`: each item's price in it times its quantity, as the billing
 * engine adds up a cycle. Undefined when a price is gone or not offered in that currency, which the
 * server then cannot collect in.
 */
export function cycleAmountIn(subscription: SetupSubscription, currencyId: string): bigint | undefined {
  let total = 0n;
  for (const item of subscription.items) {
    const terms = item.price && priceIn(item.price, currencyId);
    if (!terms) return undefined;
    total += lineTotal(terms, item.quantity);
  }
  return total;
}
