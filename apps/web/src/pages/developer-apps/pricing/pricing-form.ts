import type { AppPricing, AppPricingInput, PricingCurrency } from '@kiosk/contracts';
import { AmountFormatError, formatAmount, parseAmount } from '@kiosk/core';

export const PRICING_TYPES = ['free', 'one_time', 'subscription'] as const;
export const PRICING_INTERVALS = ['month', 'year'] as const;

/** The dialog's values: amounts as typed, in the currency's units, by currency id (empty: not sold in it). */
export interface PricingForm {
  type: (typeof PRICING_TYPES)[number];
  interval: (typeof PRICING_INTERVALS)[number];
  amounts: Record<string, string>;
}

/** The form as the app is priced now: each price in its currency's units, exact to its smallest unit. */
export function pricingFormOf(pricing: AppPricing | undefined): PricingForm {
  const amounts: Record<string, string> = {};
  for (const price of pricing?.prices ?? [])
    amounts[price.currency_id] = formatAmount(BigInt(price.unit_amount), price.decimal, {
      precision: price.decimal,
      thousandSeparator: '',
    });
  return { type: pricing?.type ?? 'free', interval: pricing?.interval ?? 'month', amounts };
}

/** Why a typed amount is not a price (a message key and its values), or its smallest units. */
export function amountOf(
  text: string,
  currency: Pick<PricingCurrency, 'decimal'>,
): bigint | { key: string; values?: Record<string, number> } {
  let amount: bigint;
  try {
    amount = parseAmount(text.trim(), currency.decimal, { thousandSeparator: '' });
  } catch (error) {
    return error instanceof AmountFormatError && error.reason === 'precision'
      ? { key: 'paidApps.pricing.precision', values: { decimals: currency.decimal } }
      : { key: 'paidApps.pricing.invalid' };
  }
  return amount > 0n ? amount : { key: 'paidApps.pricing.zero' };
}

/** The body of `PUT …/pricing`: the prices typed, in the order the currencies are listed. */
export function pricingBody(values: PricingForm, currencies: PricingCurrency[]): AppPricingInput {
  if (values.type === 'free') return { type: 'free' };
  const prices = currencies.flatMap((currency) => {
    const text = values.amounts[currency.id]?.trim();
    const amount = text ? amountOf(text, currency) : null;
    return typeof amount === 'bigint' ? [{ currency_id: currency.id, unit_amount: String(amount) }] : [];
  });
  return {
    type: values.type,
    interval: values.type === 'subscription' ? values.interval : null,
    prices,
  };
}
