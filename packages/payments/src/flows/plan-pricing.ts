import type { Price } from '@kiosk/contracts';
import {
  formatAmount,
  KioskError,
  lineTotal,
  priceIn,
  type ErrorDetail,
  type ProrationMode,
} from '@kiosk/core';
import { flag, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { loadPrices } from '../prices/queries.ts';
import {
  mandateSettingsOf,
  recurringOf,
  storedMandateOf,
  subscriptionMethod,
  type Collecting,
  type CycleLine,
  type SubscriptionRow,
} from '../subscriptions/service.ts';
import type { PlanItem } from '../subscriptions/view.ts';

/**
 * What a plan costs and whether a subscription may move to it now: the rules a plan change
 * (change-plan.ts) and the plan picker (plan-options.ts) share.
 */

export const CHANGEABLE = new Set(['active', 'trialing']);

/** What one cycle of `items` costs in the subscription's currency; refuses prices it cannot bill. */
export async function priceItems(
  trx: Executor,
  subscription: SubscriptionRow,
  items: PlanItem[],
): Promise<{ total: bigint; mode: ProrationMode }> {
  const prices = await loadPrices(
    trx,
    flag(subscription.livemode),
    items.map((item) => item.price_id),
  );
  const recurring = recurringOf(subscription);
  const problems: ErrorDetail[] = [];
  let total = 0n;
  let mode: ProrationMode = 'prorate';
  items.forEach((item, index) => {
    const path = `items.${index}.price_id`;
    const price: Price | undefined = prices.get(item.price_id);
    const terms = price && priceIn(price, subscription.currency_id);
    if (!price || !price.active || price.type !== 'recurring' || !price.recurring || !terms)
      return problems.push({ path, message: 'error.PLAN_PRICE_NOT_BILLABLE' });
    if (
      price.recurring.interval !== recurring.interval ||
      price.recurring.interval_count !== recurring.interval_count
    )
      return problems.push({ path, message: 'error.PLAN_INTERVAL_MISMATCH' });
    total += lineTotal(terms, item.quantity, undefined);
    mode = changeMode(mode, prorationModeOf([price]));
  });
  if (problems.length) throw new KioskError('VALIDATION_FAILED', { details: problems });
  return { total, mode };
}

/**
 * Between a period's end and the billing sweep that renews it (up to a minute), a paid plan has no
 * period to price a change in: the one it would credit is over, and the next is neither opened nor
 * billed. Priced in the next period before the sweep bills it, the change would be charged once by
 * itself and again by the renewal; so it waits (`SUBSCRIPTION_RENEWING`, 409) until the renewal is
 * made, and is then priced in the new period. A trial changes for nothing at any moment: its first
 * invoice bills whatever plan it is on.
 */
export const awaitsRenewal = (subscription: SubscriptionRow, now: number): boolean =>
  subscription.status !== 'trialing' && now >= Number(subscription.current_period_end);

/** One `difference` price makes a plan's changes a plain difference: the merchant said so for it. */
export const prorationModeOf = (prices: Iterable<Price>): ProrationMode =>
  [...prices].some((price) => price.recurring?.proration_mode === 'difference') ? 'difference' : 'prorate';

/**
 * A change is priced by its pair of plans, the same both ways (issue 21 item 17): `difference` when
 * either side says so. Priced by the new plan alone, a trip down to a `difference` plan and back up to
 * a `prorate` one netted a credit every time.
 */
export const changeMode = (from: ProrationMode, to: ProrationMode): ProrationMode =>
  from === 'difference' || to === 'difference' ? 'difference' : 'prorate';

/** The mode of the plan the subscription is on now (its items' prices). */
export async function currentMode(
  db: Executor,
  subscription: SubscriptionRow,
  current: { lines: CycleLine[] },
) {
  const prices = await loadPrices(
    db,
    flag(subscription.livemode),
    current.lines.map((line) => line.price_id),
  );
  return prorationModeOf(prices.values());
}

/**
 * Refuses a plan whose cycle costs more than one pull may take: what the customer signed on the
 * chain, else what they were asked to sign. A method that collects any amount (a saved card) takes
 * the plan the customer chose.
 */
export async function checkMandateCovers(
  deps: Deps,
  trx: Executor,
  subscription: SubscriptionRow,
  cycle: bigint,
) {
  const collecting = await subscriptionMethod(trx, subscription);
  if (collecting && collectsAnyAmount(deps, collecting)) return;
  const signed = collecting && storedMandateOf(subscription, collecting.method.type)?.details.max_per_cycle;
  const ceiling = signed ?? mandateSettingsOf(subscription)?.max_per_cycle;
  if (ceiling === undefined || cycle <= BigInt(ceiling)) return;
  const max = collecting
    ? `${formatAmount(ceiling, collecting.currency.decimal)} ${collecting.currency.symbol}`
    : ceiling;
  throw new KioskError('MANDATE_TOO_LOW', { status: 409, params: { max } });
}

/** Whether the subscription's method takes any amount at any time (MethodCapabilities). */
export function collectsAnyAmount(deps: Deps, collecting: Collecting): boolean {
  const { adapter, method } = deps.methods.read(collecting.method);
  const capabilities = adapter.capabilitiesOf?.(method, collecting.currency) ?? adapter.capabilities;
  return capabilities.collectsAnyAmount === true;
}
