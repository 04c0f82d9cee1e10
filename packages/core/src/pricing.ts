import { intervalSeconds, type Interval } from './dates.ts';

/**
 * Pure pricing rules of the checkout: what a line costs in a chosen currency. Amounts are bigint
 * smallest units; prices arrive in their wire shape (decimal strings).
 */

export interface CustomUnitAmount {
  preset?: string;
  presets: string[];
  minimum?: string;
  maximum?: string;
  /** Whether an amount besides the presets may be given; absent means yes (prices made before it). */
  custom?: boolean;
}

export interface PriceLike {
  currency_id: string;
  unit_amount: string;
  custom_unit_amount: CustomUnitAmount | null;
  currency_options: {
    currency_id: string;
    unit_amount: string;
    custom_unit_amount: CustomUnitAmount | null;
  }[];
}

export interface PriceInCurrency {
  unitAmount: bigint;
  custom: CustomUnitAmount | null;
}

/** The price's terms in `currencyId`: its own currency, else one of its currency_options. */
export function priceIn(price: PriceLike, currencyId: string): PriceInCurrency | undefined {
  if (price.currency_id === currencyId) {
    return { unitAmount: BigInt(price.unit_amount), custom: price.custom_unit_amount };
  }
  const option = price.currency_options.find((o) => o.currency_id === currencyId);
  return option && { unitAmount: BigInt(option.unit_amount), custom: option.custom_unit_amount };
}

/** The currencies a price can be paid in. */
export function currenciesOf(price: PriceLike): string[] {
  return [price.currency_id, ...price.currency_options.map((o) => o.currency_id)];
}

/**
 * A custom-amount line's default: the preset, else the middle preset (seed 000 §9: "default preset
 * is the middle one"), else the minimum, else zero.
 */
export function defaultCustomAmount(custom: CustomUnitAmount): bigint {
  if (custom.preset !== undefined) return BigInt(custom.preset);
  const middle = custom.presets[Math.floor((custom.presets.length - 1) / 2)];
  if (middle !== undefined) return BigInt(middle);
  return BigInt(custom.minimum ?? '0');
}

export type CustomAmountProblem = 'below_minimum' | 'above_maximum' | 'not_a_preset';

/** The message key each problem is told with (seed 000 §8). */
export const CUSTOM_AMOUNT_MESSAGES: Record<CustomAmountProblem, string> = {
  below_minimum: 'validation.customAmountOutOfRange',
  above_maximum: 'validation.customAmountOutOfRange',
  not_a_preset: 'validation.customAmountNotPreset',
};

/**
 * Seed 000 §5: a custom amount lies within minimum (default 0) and maximum (default unbounded), and
 * is one of the presets where only those may be given (the donation settings' `custom: false`).
 */
export function checkCustomAmount(custom: CustomUnitAmount, amount: bigint): CustomAmountProblem | undefined {
  if (custom.custom === false && !custom.presets.some((preset) => BigInt(preset) === amount))
    return 'not_a_preset';
  if (amount < BigInt(custom.minimum ?? '0')) return 'below_minimum';
  if (custom.maximum !== undefined && amount > BigInt(custom.maximum)) return 'above_maximum';
  return undefined;
}

/** What one line costs: a custom amount is per line (quantity 1 in practice), a unit price times quantity. */
export function lineTotal(terms: PriceInCurrency, quantity: number, customAmount?: bigint): bigint {
  if (terms.custom) return customAmount ?? defaultCustomAmount(terms.custom);
  return terms.unitAmount * BigInt(quantity);
}

export type QuantityProblem = 'exceed_inventory' | 'exceed_purchase_limit';

/** Seed 000 §5 quantity rules ("Exceed inventory", "Exceed purchase limit"); 0 means no limit. */
export function checkQuantity(
  price: { quantity_available: number; quantity_sold: number; quantity_limit_per_checkout: number },
  quantity: number,
): QuantityProblem | undefined {
  if (price.quantity_available > 0 && price.quantity_sold + quantity > price.quantity_available)
    return 'exceed_inventory';
  if (price.quantity_limit_per_checkout > 0 && price.quantity_limit_per_checkout < quantity)
    return 'exceed_purchase_limit';
  return undefined;
}

export interface RecurringTerms {
  interval: Interval;
  interval_count: number;
}

/** A period in a unit both prices share: months when both are months or years, else seconds (seed 000 §9). */
function periodLength(recurring: RecurringTerms, inMonths: boolean): bigint {
  const { interval, interval_count: count } = recurring;
  if (inMonths) return BigInt((interval === 'year' ? 12 : 1) * count);
  return BigInt(intervalSeconds(interval, count));
}

/**
 * Seed 000 §5: the saving of an upsell as a whole-number percent against the base price repeated over
 * the upsell's period (10 a month against 100 a year saves 17%). Undefined when either price is not
 * recurring or the upsell saves nothing.
 */
export function upsellSavingPercent(
  base: { amount: bigint; recurring: RecurringTerms | null },
  upsell: { amount: bigint; recurring: RecurringTerms | null },
): number | undefined {
  if (!base.recurring || !upsell.recurring || base.amount <= 0n) return undefined;
  const calendar = ['month', 'year'];
  const inMonths = calendar.includes(base.recurring.interval) && calendar.includes(upsell.recurring.interval);
  const basePeriod = periodLength(base.recurring, inMonths);
  const upsellPeriod = periodLength(upsell.recurring, inMonths);
  // base repeated = base × upsellPeriod / basePeriod; everything scaled by basePeriod to stay integral.
  const repeated = base.amount * upsellPeriod;
  const saved = repeated - upsell.amount * basePeriod;
  if (saved <= 0n) return undefined;
  const percent = Number((saved * 200n + repeated) / (repeated * 2n)); // rounded half up
  return percent > 0 ? percent : undefined;
}
