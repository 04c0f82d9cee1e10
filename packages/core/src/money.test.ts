import { describe, expect, it } from 'vitest';
import { AmountFormatError, formatAmount, parseAmount, sumAmounts, toAmount } from './money.ts';

describe('parseAmount', () => {
  it('reads whole units into exact smallest units for an 18-decimal token', () => {
    expect(parseAmount('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseAmount('0.000000000000000001', 18)).toBe(1n);
  });

  it('accepts the comma thousand separator and a leading dot', () => {
    expect(parseAmount('1,234.56', 2)).toBe(123_456n);
    expect(parseAmount('.5', 2)).toBe(50n);
  });

  it('refuses more decimals than maximum_precision allows, ignoring trailing zeros', () => {
    expect(() => parseAmount('1.1234567', 18, { maximumPrecision: 6 })).toThrow(AmountFormatError);
    expect(parseAmount('1.1234560', 18, { maximumPrecision: 6 })).toBe(1_123_456_000_000_000_000n);
    expect(() => parseAmount('0.001', 2)).toThrow(/at most 2 decimal places/);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '1e5', '--1', '0x10']) {
      expect(() => parseAmount(bad, 6), bad).toThrow(AmountFormatError);
    }
  });

  it('keeps a 78-digit amount exact and refuses a 79-digit one', () => {
    const max = 2n ** 256n - 1n;
    expect(parseAmount(max.toString(), 0)).toBe(max);
    expect(() => parseAmount('9'.repeat(79), 0)).toThrow(/78 digits/);
  });
});

describe('formatAmount', () => {
  it('shows at most 6 decimals by default, rounding half up', () => {
    expect(formatAmount(1_234_567_890_000_000_000_000n, 18)).toBe('1,234.56789');
    expect(formatAmount(1_000_000_500_000_000_000n, 18)).toBe('1.000001');
    expect(formatAmount(1_000_000_499_999_999_999n, 18)).toBe('1');
  });

  it('honours precision, separator and fixed decimals', () => {
    expect(formatAmount(123_456_789n, 2, { precision: 2, fixed: true })).toBe('1,234,567.89');
    expect(formatAmount(150n, 2, { fixed: true })).toBe('1.50');
    expect(formatAmount(1_000_000n, 0, { thousandSeparator: ' ' })).toBe('1 000 000');
  });

  it('formats negative amounts and the wire string form', () => {
    expect(formatAmount(-150n, 2)).toBe('-1.5');
    expect(formatAmount('2500', 3)).toBe('2.5');
    expect(formatAmount(-1n, 18)).toBe('0');
  });

  it('round-trips with parseAmount', () => {
    for (const text of ['0', '1', '0.1', '123,456.789', '99.999999']) {
      expect(formatAmount(parseAmount(text, 18), 18)).toBe(text);
    }
  });
});

describe('toAmount and sumAmounts', () => {
  it('sums wire strings beyond 2^53 exactly', () => {
    expect(sumAmounts(['9007199254740993', '1', 2n])).toBe(9_007_199_254_740_996n);
  });

  it('refuses floats and non-integer strings', () => {
    expect(() => toAmount(1.5)).toThrow(AmountFormatError);
    expect(() => toAmount('1.5')).toThrow(AmountFormatError);
  });
});
