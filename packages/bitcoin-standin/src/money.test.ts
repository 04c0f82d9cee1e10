import { describe, expect, it } from 'vitest';
import { formatBtc, formatFeeRate, perKvB } from './money.ts';

describe("Bitcoin Core's money texts", () => {
  it('prints BTC trimmed to at least two decimals, as FormatMoney', () => {
    expect(formatBtc(10_000n)).toBe('0.0001');
    expect(formatBtc(100_000_000n)).toBe('1.00');
    expect(formatBtc(123_456_789n)).toBe('1.23456789');
    expect(formatBtc(294n)).toBe('0.00000294');
    expect(formatBtc(0n)).toBe('0.00');
    expect(formatBtc(-150_000_000n)).toBe('-1.50');
  });

  it('prints a fee rate in BTC per 1000 vbytes with eight decimals, as CFeeRate', () => {
    expect(perKvB(282n, 141)).toBe(2000n);
    expect(perKvB(283n, 141)).toBe(2007n);
    expect(formatFeeRate(2007n)).toBe('0.00002007 BTC/kvB');
    expect(formatFeeRate(150_000_000n)).toBe('1.50000000 BTC/kvB');
  });
});
