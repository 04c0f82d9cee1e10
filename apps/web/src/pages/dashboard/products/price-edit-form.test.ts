import { describe, expect, it } from 'vitest';
import type { Price } from '@kiosk/contracts';
import { editValuesOf, priceChangeOf, upsellChoices } from './price-edit-form.ts';

const MONTH = { interval: 'month', interval_count: 1, usage_type: 'licensed', proration_mode: 'prorate' };

function price(overrides: Partial<Price> = {}): Price {
  return {
    id: 'price_monthly',
    livemode: false,
    product_id: 'prod_1',
    type: 'recurring',
    nickname: null,
    lookup_key: null,
    currency_id: 'pc_usd',
    unit_amount: '1000',
    currency_options: [],
    custom_unit_amount: null,
    recurring: MONTH,
    upsell: null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    active: true,
    metadata: {},
    created_at: 1,
    updated_at: 1,
    ...overrides,
  } as Price;
}

describe('editValuesOf', () => {
  it("starts from the price's values, the API's 0 (no limit) shown blank", () => {
    expect(editValuesOf(price())).toEqual({ nickname: '', stock: '', per_checkout: '', upsell: '' });
    expect(
      editValuesOf(
        price({
          nickname: 'Monthly',
          quantity_available: 100,
          quantity_limit_per_checkout: 2,
          upsell: { upsells_to_id: 'price_yearly' },
        }),
      ),
    ).toEqual({ nickname: 'Monthly', stock: '100', per_checkout: '2', upsell: 'price_yearly' });
  });
});

describe('priceChangeOf', () => {
  const limited = price({
    nickname: 'Monthly',
    quantity_available: 100,
    quantity_limit_per_checkout: 2,
    upsell: { upsells_to_id: 'price_yearly' },
  });

  it('sends nothing for untouched values, nor for a nickname only padded with spaces', () => {
    expect(priceChangeOf(limited, editValuesOf(limited))).toEqual({});
    expect(priceChangeOf(limited, { ...editValuesOf(limited), nickname: '  Monthly ' })).toEqual({});
    expect(priceChangeOf(price(), editValuesOf(price()))).toEqual({});
  });

  it('sends only the fields that changed, typed as the API takes them', () => {
    expect(
      priceChangeOf(price(), { ...editValuesOf(price()), stock: ' 50 ', upsell: 'price_yearly' }),
    ).toEqual({ quantity_available: 50, upsell: { upsells_to_id: 'price_yearly' } });
    expect(priceChangeOf(limited, { ...editValuesOf(limited), per_checkout: '5' })).toEqual({
      quantity_limit_per_checkout: 5,
    });
  });

  it('sends blanks as null (nickname, upgrade) or 0 (limits), taking away what was set', () => {
    expect(priceChangeOf(limited, { nickname: ' ', stock: '', per_checkout: '', upsell: '' })).toEqual({
      nickname: null,
      quantity_available: 0,
      quantity_limit_per_checkout: 0,
      upsell: null,
    });
  });
});

describe('upsellChoices', () => {
  const label = (of: Price) => `label of ${of.id}`;
  const yearly = price({
    id: 'price_yearly',
    recurring: { ...MONTH, interval: 'year' } as Price['recurring'],
  });
  const oneTime = price({ id: 'price_once', type: 'one_time', recurring: null });
  const archived = price({ id: 'price_old', active: false });
  const monthly = price();
  const prices = [monthly, yearly, oneTime, archived];

  it("offers a recurring price the product's other active recurring prices", () => {
    expect(upsellChoices(monthly, prices, label)).toEqual([
      { id: 'price_yearly', label: 'label of price_yearly' },
    ]);
  });

  it('offers a one-time price no upgrade', () => {
    expect(upsellChoices(oneTime, prices, label)).toEqual([]);
  });

  it('keeps the upgrade offered now as a choice, whatever it is, so it shows and can be taken off', () => {
    const toArchived = price({ upsell: { upsells_to_id: 'price_old' } });
    expect(upsellChoices(toArchived, prices, label).map((choice) => choice.id)).toEqual([
      'price_yearly',
      'price_old',
    ]);
    const oneTimeWithUpgrade = price({ ...oneTime, upsell: { upsells_to_id: 'price_yearly' } });
    expect(upsellChoices(oneTimeWithUpgrade, prices, label)).toEqual([
      { id: 'price_yearly', label: 'label of price_yearly' },
    ]);
    const elsewhere = price({ upsell: { upsells_to_id: 'price_elsewhere' } });
    expect(upsellChoices(elsewhere, prices, label)).toContainEqual({
      id: 'price_elsewhere',
      label: 'price_elsewhere',
    });
  });
});
