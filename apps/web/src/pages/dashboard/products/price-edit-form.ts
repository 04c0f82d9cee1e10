import type { Price } from '@kiosk/contracts';
import { limitOf } from './price-form.ts';
import type { PriceChange } from './use-products.ts';

/** An existing price as its Edit dialog holds it: limits as typed (blank for none), '' for no upgrade. */
export interface PriceEditValues {
  nickname: string;
  stock: string;
  per_checkout: string;
  upsell: string;
}

// The API's 0 is "no limit", which the form says as blank (a typed 0 is refused, see isLimit).
const typedLimit = (limit: number) => (limit > 0 ? String(limit) : '');

export function editValuesOf(price: Price): PriceEditValues {
  return {
    nickname: price.nickname ?? '',
    stock: typedLimit(price.quantity_available),
    per_checkout: typedLimit(price.quantity_limit_per_checkout),
    upsell: price.upsell?.upsells_to_id ?? '',
  };
}

/**
 * The body of `PUT /api/prices/:id` from valid values: only what differs from the price, so that an
 * untouched dialog sends nothing and a save never overwrites a field the merchant did not touch.
 */
export function priceChangeOf(price: Price, values: PriceEditValues): PriceChange {
  const change: PriceChange = {};
  const nickname = values.nickname.trim() || null;
  if (nickname !== price.nickname) change.nickname = nickname;
  const stock = limitOf(values.stock);
  if (stock !== price.quantity_available) change.quantity_available = stock;
  const perCheckout = limitOf(values.per_checkout);
  if (perCheckout !== price.quantity_limit_per_checkout) change.quantity_limit_per_checkout = perCheckout;
  const upsell = values.upsell || null;
  if (upsell !== (price.upsell?.upsells_to_id ?? null))
    change.upsell = upsell ? { upsells_to_id: upsell } : null;
  return change;
}

/**
 * What `price` may offer as an upgrade, named by `label`: the product's other active recurring prices,
 * and only for a recurring price (an upgrade is another plan of the subscription, a yearly one say).
 * The upgrade it offers now stays a choice whatever it is, archived or one-time or unknown here (named
 * by its id), so that the select shows it and the merchant can take it off. Empty: no upgrade field.
 */
export function upsellChoices(
  price: Price,
  prices: readonly Price[],
  label: (price: Price) => string,
): { id: string; label: string }[] {
  const offered =
    price.type === 'recurring'
      ? prices.filter((other) => other.id !== price.id && other.active && other.type === 'recurring')
      : [];
  const choices = offered.map((other) => ({ id: other.id, label: label(other) }));
  const current = price.upsell?.upsells_to_id;
  if (current && !choices.some((choice) => choice.id === current)) {
    const known = prices.find((other) => other.id === current);
    choices.push({ id: current, label: known ? label(known) : current });
  }
  return choices;
}
