import { describe, expect, it } from 'vitest';
import { checkAmount, emptyPrice, isLimit, priceFieldsOf } from './price-form.ts';

const usd = { id: 'pc_usd', decimal: 2, maximum_precision: 2 };
const eth = { id: 'pc_eth', decimal: 18, maximum_precision: 6 };
const currencies = new Map([
  [usd.id, usd],
  [eth.id, eth],
]);

describe('checkAmount', () => {
  it('reads whole units into smallest units exactly', () => {
    expect(checkAmount('9.99', usd)).toEqual({ units: 999n });
    expect(checkAmount('1,234.5', usd)).toEqual({ units: 123450n });
    expect(checkAmount('0.000001', eth)).toEqual({ units: 1_000_000_000_000n });
  });

  it('refuses more decimals than the currency shows, words, negatives and a zero fixed price', () => {
    expect(checkAmount('0.001', usd)).toEqual({ problem: 'precision', decimals: 2 });
    expect(checkAmount('0.0000001', eth)).toEqual({ problem: 'precision', decimals: 6 });
    expect(checkAmount('ten', usd)).toEqual({ problem: 'invalid' });
    expect(checkAmount('-1', usd)).toEqual({ problem: 'invalid' });
    expect(checkAmount('0', usd, { positive: true })).toEqual({ problem: 'zero' });
    expect(checkAmount('0', usd)).toEqual({ units: 0n });
  });
});

describe('priceFieldsOf', () => {
  it('makes a monthly fixed price with another currency', () => {
    const fields = priceFieldsOf(
      {
        ...emptyPrice('pc_usd'),
        billing: 'recurring',
        interval: 'month',
        interval_count: '3',
        amount: '10',
        nickname: ' Quarterly ',
        options: [{ currency_id: 'pc_eth', amount: '0.004' }],
      },
      currencies,
    );
    expect(fields).toMatchObject({
      type: 'recurring',
      nickname: 'Quarterly',
      currency_id: 'pc_usd',
      unit_amount: '1000',
      recurring: { interval: 'month', interval_count: 3, usage_type: 'licensed' },
      custom_unit_amount: null,
      currency_options: [{ currency_id: 'pc_eth', unit_amount: '4000000000000000' }],
    });
  });

  it('makes a one-time price the customer chooses, starting at the suggestion or the minimum', () => {
    const suggested = priceFieldsOf(
      { ...emptyPrice('pc_usd'), model: 'customer_chooses', minimum: '1', suggested: '5', maximum: '' },
      currencies,
    );
    expect(suggested).toMatchObject({
      type: 'one_time',
      recurring: null,
      unit_amount: '500',
      custom_unit_amount: { minimum: '100', preset: '500', maximum: undefined, presets: [], custom: true },
      currency_options: [],
    });
    const atMinimum = priceFieldsOf(
      { ...emptyPrice('pc_usd'), model: 'customer_chooses', minimum: '2.5' },
      currencies,
    );
    expect(atMinimum.unit_amount).toBe('250');
    // A fixed amount typed before switching to "customer chooses" is not sent.
    expect(
      priceFieldsOf({ ...emptyPrice('pc_usd'), model: 'customer_chooses', amount: '7' }, currencies)
        .unit_amount,
    ).toBe('0');
  });
});

describe('stock and per-order limits', () => {
  it('sends blank as no limit (0) and a number as itself', () => {
    const unlimited = priceFieldsOf({ ...emptyPrice('pc_usd'), amount: '1' }, currencies);
    expect(unlimited).toMatchObject({ quantity_available: 0, quantity_limit_per_checkout: 0 });
    const limited = priceFieldsOf(
      { ...emptyPrice('pc_usd'), amount: '1', stock: ' 100 ', per_checkout: '2' },
      currencies,
    );
    expect(limited).toMatchObject({ quantity_available: 100, quantity_limit_per_checkout: 2 });
  });

  it('takes blank or a whole number of 1 or more', () => {
    expect(isLimit('')).toBe(true);
    expect(isLimit('5')).toBe(true);
    expect(isLimit('0')).toBe(false);
    expect(isLimit('2.5')).toBe(false);
    expect(isLimit('-3')).toBe(false);
  });
});
