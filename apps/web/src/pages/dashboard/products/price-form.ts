import type { PaymentCurrency, PriceFields, Recurring } from '@kiosk/contracts';
import { AmountFormatError, parseAmount } from '@kiosk/core';

export type Interval = Recurring['interval'];

/** The contract's intervals, longest last (a value import of the contracts would bring zod along). */
export const INTERVALS = [
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
] as const satisfies readonly Interval[];
type Currency = Pick<PaymentCurrency, 'id' | 'decimal' | 'maximum_precision'>;

/** A price as the form holds it: amounts as typed, in whole units of their currency. */
export interface PriceFormValues {
  currency_id: string;
  billing: 'one_time' | 'recurring';
  interval: Interval;
  interval_count: string;
  model: 'fixed' | 'customer_chooses';
  amount: string;
  minimum: string;
  maximum: string;
  suggested: string;
  nickname: string;
  /** How many can be sold in all, and in one checkout; blank for no limit. */
  stock: string;
  per_checkout: string;
  /** Seed 000 §4: the price offered at checkout as an upgrade of this one ('' for none). */
  upsell: string;
  /** The same fixed price in more currencies. */
  options: { currency_id: string; amount: string }[];
}

export function emptyPrice(currencyId: string): PriceFormValues {
  return {
    currency_id: currencyId,
    billing: 'one_time',
    interval: 'month',
    interval_count: '1',
    model: 'fixed',
    amount: '',
    minimum: '',
    maximum: '',
    suggested: '',
    nickname: '',
    stock: '',
    per_checkout: '',
    upsell: '',
    options: [],
  };
}

/** Why a typed amount is refused, as a message key and its values; or its smallest units. */
export type AmountCheck =
  { units: bigint } | { problem: 'invalid' | 'zero' } | { problem: 'precision'; decimals: number };

/**
 * An amount typed in whole units ("9.99") in smallest units, exactly. A blank optional amount is
 * `undefined`; a fixed price must be more than 0 (a free item is not a price here).
 */
export function checkAmount(text: string, currency: Currency, { positive = false } = {}): AmountCheck {
  let units: bigint;
  try {
    units = parseAmount(text, currency.decimal, {
      maximumPrecision: currency.maximum_precision,
      thousandSeparator: ',',
    });
  } catch (error) {
    if (error instanceof AmountFormatError && error.reason === 'precision')
      return {
        problem: 'precision',
        decimals: Math.min(currency.decimal, currency.maximum_precision),
      };
    return { problem: 'invalid' };
  }
  if (units < 0n) return { problem: 'invalid' };
  if (positive && units === 0n) return { problem: 'zero' };
  return { units };
}

const unitsOf = (text: string, currency: Currency, positive = false): string | undefined => {
  if (!positive && text.trim() === '') return undefined;
  const checked = checkAmount(text, currency, { positive });
  if (!('units' in checked)) throw new Error(`unchecked amount: ${text}`);
  return checked.units.toString();
};

/**
 * The API's price from valid form values (the form's rules ran first). A pay-what-you-want price's
 * unit amount is its suggestion, else its minimum: what the checkout's field starts at.
 */
export function priceFieldsOf(
  values: PriceFormValues,
  currencies: ReadonlyMap<string, Currency>,
): PriceFields {
  const currency = currencies.get(values.currency_id);
  if (!currency) throw new Error(`unknown currency ${values.currency_id}`);
  const recurring =
    values.billing === 'recurring'
      ? {
          interval: values.interval,
          interval_count: Number(values.interval_count),
          usage_type: 'licensed' as const,
          proration_mode: 'prorate' as const,
        }
      : null;
  const base = {
    type: values.billing,
    nickname: values.nickname.trim() || null,
    lookup_key: null,
    currency_id: currency.id,
    recurring,
    upsell: values.upsell ? { upsells_to_id: values.upsell } : null,
    quantity_available: limitOf(values.stock),
    quantity_limit_per_checkout: limitOf(values.per_checkout),
    active: true,
    metadata: {},
  };
  if (values.model === 'customer_chooses') {
    const minimum = unitsOf(values.minimum, currency);
    const maximum = unitsOf(values.maximum, currency);
    const preset = unitsOf(values.suggested, currency);
    return {
      ...base,
      unit_amount: preset ?? minimum ?? '0',
      currency_options: [],
      custom_unit_amount: { preset, presets: [], minimum, maximum, custom: true },
    };
  }
  return {
    ...base,
    unit_amount: unitsOf(values.amount, currency, true)!,
    custom_unit_amount: null,
    currency_options: values.options.map((option) => {
      const other = currencies.get(option.currency_id);
      if (!other) throw new Error(`unknown currency ${option.currency_id}`);
      return {
        currency_id: other.id,
        unit_amount: unitsOf(option.amount, other, true)!,
        custom_unit_amount: null,
        tiers: null,
      };
    }),
  };
}

/** A limit that passed `isLimit`, as the API takes it: blank is 0, the API's "no limit". */
export function limitOf(text: string): number {
  return Number(text.trim() || 0);
}

/**
 * A limit typed as a whole number of 1 or more, or blank for none. A typed 0 is refused: a merchant
 * who means "none left" would otherwise get the API's "no limit".
 */
export function isLimit(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed === '' || (/^\d+$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= 1_000_000_000)
  );
}
