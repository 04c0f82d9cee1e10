import type { PlanOption } from '@kiosk/contracts';
import { isKioskError, planChangeAmounts, type Locale } from '@kiosk/core';
import { translate } from '@kiosk/core/i18n/translate';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { loadPrices } from '../prices/queries.ts';
import {
  awaitsRenewal,
  CHANGEABLE,
  changeMode,
  checkMandateCovers,
  priceItems,
  prorationModeOf,
} from './plan-pricing.ts';
import { cycleCharge, type SubscriptionRow } from '../subscriptions/service.ts';
import { itemRowsOf } from '../subscriptions/queries.ts';

/**
 * The plans a subscription may change to (the portal's "Change plan"): every active recurring price
 * of the products it is on, billed at its interval in its currency, cheapest first, each priced as
 * `PUT /api/subscriptions/{id}` would price it at this moment, read-only. A subscription that cannot
 * change plan (cancelled, past due, paused …) has none. A plan the customer's mandate does not cover
 * is listed with the reason the change would be refused, so they can authorise more first; between
 * the period's end and its renewal every other plan is listed as `SUBSCRIPTION_RENEWING`.
 */
export async function planOptions(
  deps: Deps,
  db: Executor,
  subscription: SubscriptionRow,
  locale: Locale,
): Promise<PlanOption[]> {
  if (!CHANGEABLE.has(subscription.status)) return [];
  const livemode = flag(subscription.livemode);
  const items = await itemRowsOf(db, [subscription.id]);
  const onNow = await loadPrices(
    db,
    livemode,
    items.map((item) => item.price_id),
  );
  const productIds = [...new Set([...onNow.values()].map((price) => price.product_id))];
  if (productIds.length === 0) return [];
  const [candidates, products] = await Promise.all([
    db
      .selectFrom('prices')
      .select('id')
      .where('product_id', 'in', productIds)
      .where('livemode', '=', livemode)
      .where('type', '=', 'recurring')
      .where('active', '=', true)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute(),
  ]);
  const prices = await loadPrices(
    db,
    livemode,
    candidates.map((row) => row.id),
  );
  const productName = new Map(products.map((product) => [product.id, product.name]));
  const current = await cycleCharge(db, subscription);
  const currentMode = prorationModeOf(onNow.values());
  // A plan replaces every item with one line of the new price, at the quantity the first item has.
  const quantity = items[0]?.quantity ?? 1;
  // Past the period's end, before its renewal: no plan can be priced, each says why (as the PUT would).
  const renewing = awaitsRenewal(subscription, deps.clock.nowUnix())
    ? { code: 'SUBSCRIPTION_RENEWING', error: translate(locale, 'error.SUBSCRIPTION_RENEWING') }
    : undefined;

  const options: PlanOption[] = [];
  for (const price of prices.values()) {
    const plan = [{ price_id: price.id, quantity }];
    const priced = await priceItems(db, subscription, plan).catch((error: unknown) => {
      // Another interval or a currency it is not sold in: not a plan this subscription can take.
      if (isKioskError(error) && error.code === 'VALIDATION_FAILED') return undefined;
      throw error;
    });
    if (!priced) continue;
    const isCurrent =
      items.length === 1 && items[0]!.price_id === price.id && items[0]!.quantity === quantity;
    const amounts =
      subscription.status === 'trialing' || isCurrent || renewing
        ? { amountDue: 0n, credit: 0n }
        : planChangeAmounts({
            oldAmount: current.total,
            newAmount: priced.total,
            periodStart: Number(subscription.current_period_start),
            periodEnd: Number(subscription.current_period_end),
            at: deps.clock.nowUnix(),
            mode: changeMode(currentMode, priced.mode),
          });
    const refusal = isCurrent
      ? undefined
      : (renewing ?? (await mandateRefusal(deps, db, subscription, priced.total, locale)));
    options.push({
      price,
      product_name: productName.get(price.product_id) ?? '',
      current: isCurrent,
      cycle_amount: priced.total.toString(),
      amount_due: amounts.amountDue.toString(),
      credit: amounts.credit.toString(),
      proration_mode: isCurrent ? priced.mode : changeMode(currentMode, priced.mode),
      unavailable: refusal ?? null,
    });
  }
  // Cheapest first, as a plan picker shows them (prices made together have no other order).
  return options.sort((a, b) => {
    const [x, y] = [BigInt(a.cycle_amount), BigInt(b.cycle_amount)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Why the customer's mandate refuses a plan of this cycle amount, in their language; else undefined. */
function mandateRefusal(
  deps: Deps,
  db: Executor,
  subscription: SubscriptionRow,
  cycle: bigint,
  locale: Locale,
) {
  return checkMandateCovers(deps, db, subscription, cycle).then(
    () => undefined,
    (error: unknown) => {
      if (!isKioskError(error)) throw error;
      return { code: error.code, error: translate(locale, `error.${error.code}`, error.params) };
    },
  );
}
