import { describe, expect, it } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import { checkoutSession, line, price, settings } from '@kiosk/react/testing';
import { currencyOf, formatInvoiceMoney, invoiceLinesOf } from './invoice-view.ts';

const stored = (lines: unknown[], currency_id = 'pc_kdt') => ({ lines, currency_id }) as Invoice;

describe('invoice view', () => {
  it("formats amounts in the currency's units, and never guesses the decimals of an unknown currency", () => {
    const kdt = currencyOf(settings(), 'pc_kdt');
    expect(formatInvoiceMoney('25000000', kdt, 'pc_kdt')).toBe('25 KDT');
    expect(formatInvoiceMoney(1_234_567_000_000n, kdt, 'pc_kdt')).toBe('1,234,567 KDT');
    expect(currencyOf(settings(), 'pc_gone')).toBeUndefined();
    expect(formatInvoiceMoney('25000000', undefined, 'pc_gone')).toBe('25000000 pc_gone');
  });

  it("names and prices the lines in the invoice's currency from the checkout, else shows the price id", () => {
    const shirt = price({ id: 'price_shirt', name: 'Kiosk T-shirt' });
    const tip = price({
      id: 'price_tip',
      name: 'Tip jar',
      custom_unit_amount: { presets: ['1000000'], preset: '1000000', custom: true },
    });
    const session = checkoutSession({ line_items: [line(shirt, { quantity: 2 }), line(tip)] });
    const lines = [
      { price_id: 'price_shirt', quantity: 2 },
      { price_id: 'price_tip', quantity: 1, custom_amount: '3000000' },
      { price_id: 'price_unknown', quantity: 1 },
      'not a line',
    ];
    expect(invoiceLinesOf(stored(lines), session)).toEqual([
      { priceId: 'price_shirt', name: 'Kiosk T-shirt', quantity: 2, amount: 50_000_000n },
      { priceId: 'price_tip', name: 'Tip jar', quantity: 1, amount: 3_000_000n },
      { priceId: 'price_unknown', name: 'price_unknown', quantity: 1, amount: undefined },
    ]);
    // In ETH, the shirt's currency option prices it.
    expect(invoiceLinesOf(stored(lines.slice(0, 1), 'pc_eth'), session)[0]!.amount).toBe(
      20_000_000_000_000_000n,
    );
    expect(invoiceLinesOf(stored(lines.slice(0, 1)), undefined)[0]!.name).toBe('price_shirt');
  });
});
