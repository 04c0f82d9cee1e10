import { describe, expect, it } from 'vitest';
import {
  checkCustomAmount,
  checkQuantity,
  currenciesOf,
  defaultCustomAmount,
  lineTotal,
  priceIn,
  upsellSavingPercent,
  type PriceLike,
} from './pricing.ts';

const price: PriceLike = {
  currency_id: 'pc_usd',
  unit_amount: '500',
  custom_unit_amount: null,
  currency_options: [{ currency_id: 'pc_eth', unit_amount: '1000000000000000000', custom_unit_amount: null }],
};

describe('pricing', () => {
  it('reads a price in its own currency or a currency option, and refuses others', () => {
    expect(priceIn(price, 'pc_usd')?.unitAmount).toBe(500n);
    expect(priceIn(price, 'pc_eth')?.unitAmount).toBe(10n ** 18n);
    expect(priceIn(price, 'pc_btc')).toBeUndefined();
    expect(currenciesOf(price)).toEqual(['pc_usd', 'pc_eth']);
  });

  it('multiplies unit prices by quantity exactly', () => {
    expect(lineTotal(priceIn(price, 'pc_eth')!, 3)).toBe(3n * 10n ** 18n);
  });

  it('uses the preset, else the middle preset, else the minimum for a custom amount', () => {
    expect(defaultCustomAmount({ preset: '7', presets: ['1', '5', '10'] })).toBe(7n);
    expect(defaultCustomAmount({ presets: ['1', '5', '10'] })).toBe(5n);
    expect(defaultCustomAmount({ presets: ['1', '5', '10', '20'] })).toBe(5n);
    expect(defaultCustomAmount({ presets: [], minimum: '3' })).toBe(3n);
    expect(lineTotal({ unitAmount: 0n, custom: { presets: ['2'] } }, 4, 9n)).toBe(9n);
  });

  it('bounds custom amounts by minimum (default 0) and maximum (default none)', () => {
    expect(checkCustomAmount({ presets: [], minimum: '10', maximum: '100' }, 9n)).toBe('below_minimum');
    expect(checkCustomAmount({ presets: [], minimum: '10', maximum: '100' }, 101n)).toBe('above_maximum');
    expect(checkCustomAmount({ presets: [] }, 10n ** 30n)).toBeUndefined();
    expect(checkCustomAmount({ presets: [] }, -1n)).toBe('below_minimum');
  });

  it("takes only a preset where no amount of the buyer's own is allowed", () => {
    const presetsOnly = { presets: ['100', '500'], minimum: '1', maximum: '1000', custom: false };
    expect(checkCustomAmount(presetsOnly, 500n)).toBeUndefined();
    expect(checkCustomAmount(presetsOnly, 499n)).toBe('not_a_preset');
    expect(checkCustomAmount({ ...presetsOnly, custom: true }, 499n)).toBeUndefined();
  });

  it('applies inventory and per-checkout limits, 0 meaning none', () => {
    const base = { quantity_available: 10, quantity_sold: 8, quantity_limit_per_checkout: 0 };
    expect(checkQuantity(base, 2)).toBeUndefined();
    expect(checkQuantity(base, 3)).toBe('exceed_inventory');
    expect(checkQuantity({ ...base, quantity_available: 0, quantity_limit_per_checkout: 2 }, 3)).toBe(
      'exceed_purchase_limit',
    );
    expect(
      checkQuantity({ quantity_available: 0, quantity_sold: 99, quantity_limit_per_checkout: 0 }, 1000),
    ).toBeUndefined();
  });

  it('states an upsell saving as a whole percent against the base repeated over its period', () => {
    const monthly = { interval: 'month' as const, interval_count: 1 };
    const yearly = { interval: 'year' as const, interval_count: 1 };
    // 10 a month is 120 a year: 100 a year saves 16.67%, shown as 17.
    expect(
      upsellSavingPercent({ amount: 10n, recurring: monthly }, { amount: 100n, recurring: yearly }),
    ).toBe(17);
    // Weeks against days use the seed's lengths: 7 days at 10 is 70, so 63 saves exactly 10%.
    expect(
      upsellSavingPercent(
        { amount: 10n, recurring: { interval: 'day', interval_count: 1 } },
        { amount: 63n, recurring: { interval: 'week', interval_count: 1 } },
      ),
    ).toBe(10);
    // 18-decimal amounts stay exact.
    const unit = 10n ** 18n;
    expect(
      upsellSavingPercent(
        { amount: 5n * unit, recurring: { interval: 'month', interval_count: 3 } },
        { amount: 15n * unit, recurring: yearly },
      ),
    ).toBe(25);
    expect(
      upsellSavingPercent({ amount: 10n, recurring: monthly }, { amount: 120n, recurring: yearly }),
    ).toBeUndefined();
    expect(
      upsellSavingPercent({ amount: 10n, recurring: null }, { amount: 5n, recurring: null }),
    ).toBeUndefined();
  });
});
