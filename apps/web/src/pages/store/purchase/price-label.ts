import type { AppPrice, AppPricing } from '@kiosk/contracts';
import { formatAmount } from '@kiosk/core';

/** `5 KDT`: an amount in its currency's smallest unit, as the currency shows it. */
export function priceText(price: AppPrice): string {
  const amount = formatAmount(BigInt(price.unit_amount), price.decimal, {
    precision: price.maximum_precision,
  });
  return `${amount} ${price.symbol}`;
}

/** The message key and amount for a paid pricing's main price: once, a month or a year. */
export function pricingLabel(pricing: AppPricing): { key: string; price: string } | null {
  const first = pricing.prices[0];
  if (pricing.type === 'free' || !first) return null;
  const key =
    pricing.type === 'one_time'
      ? 'paidApps.price.once'
      : pricing.interval === 'year'
        ? 'paidApps.price.yearly'
        : 'paidApps.price.monthly';
  return { key, price: priceText(first) };
}
