import { describe, expect, it } from 'vitest';
import { applyCredit, planChangeAmounts, proratedShare, type PlanChange } from './proration.ts';

const start = Date.parse('2025-03-01T00:00:00Z') / 1000;
const end = Date.parse('2025-04-01T00:00:00Z') / 1000; // 31 days
const usdc = (whole: number) => BigInt(whole) * 10n ** 6n;
const ether = (whole: number) => BigInt(whole) * 10n ** 18n;

const change = (over: Partial<PlanChange>): PlanChange => ({
  oldAmount: usdc(10),
  newAmount: usdc(30),
  periodStart: start,
  periodEnd: end,
  at: start,
  mode: 'prorate',
  ...over,
});

describe('prorated plan changes', () => {
  it('credit the unused old price and charge the new one for the rest of the period (upgrade, 6 decimals)', () => {
    const at = start + 10 * 86_400; // 21 of 31 days left
    const { lines, total, amountDue, credit } = planChangeAmounts(change({ at }));
    expect(lines).toEqual([
      { kind: 'unused_time', amount: -6_774_193n, proration: true, period: { start: at, end } },
      { kind: 'remaining_time', amount: 20_322_581n, proration: true, period: { start: at, end } },
    ]);
    // (30 − 10) × 21/31 = 13.548387096… → 13.548388 (a charge rounds up); 10 × 21/31 = 6.774193548… is
    // credited as 6.774193 (a credit rounds down), and the new plan's line is the rest: 20.322581.
    expect(total).toBe(13_548_388n);
    expect(amountDue).toBe(13_548_388n);
    expect(credit).toBe(0n);
  });

  it('leave a credit and nothing due on a downgrade (18 decimals)', () => {
    const at = start + 20 * 86_400; // 11 of 31 days left
    const result = planChangeAmounts(change({ oldAmount: ether(3), newAmount: ether(1), at }));
    expect(result.lines.map((l) => l.amount)).toEqual([
      -1_064_516_129_032_258_064n,
      354_838_709_677_419_355n,
    ]);
    expect(result.amountDue).toBe(0n);
    // 2 ETH × 11/31 = 0.709677419354838709677… credited as …709 (down, never in the customer's favour)
    expect(result.credit).toBe(709_677_419_354_838_709n);
    expect(result.total).toBe(-result.credit);
  });

  it('credit the whole old price and charge the whole new one on the period’s first second', () => {
    const result = planChangeAmounts(change({ at: start }));
    expect(result.lines.map((l) => l.amount)).toEqual([-usdc(10), usdc(30)]);
    expect(result.total).toBe(usdc(20));
  });

  it('come to a few units on the period’s last second, rounded toward the merchant', () => {
    const result = planChangeAmounts(change({ at: end - 1 }));
    // 10 USDC × 1/2 678 400 s = 3.7 units, credited as 3; 20 USDC more → 7.5 units, charged as 8
    expect(result.lines.map((l) => l.amount)).toEqual([-3n, 11n]);
    expect(result.total).toBe(8n);
    const cheap = planChangeAmounts(change({ oldAmount: 100n, newAmount: 200n, at: end - 1 }));
    expect(cheap.lines.map((l) => l.amount)).toEqual([0n, 1n]);
    expect(cheap.total).toBe(1n);
  });

  it('net exactly zero for the same price at any second, for both decimals', () => {
    for (const amount of [usdc(10) + 1n, ether(7) + 3n, 1n, 0n]) {
      for (let at = start; at < end; at += 3_607) {
        expect(planChangeAmounts(change({ oldAmount: amount, newAmount: amount, at })).total).toBe(0n);
      }
    }
  });

  it('round toward the merchant by less than a unit: the used part (price − credit) and the total', () => {
    const oldAmount = ether(1) / 3n;
    const newAmount = usdc(999) + 7n;
    const length = BigInt(end - start);
    for (let at = start; at < end; at += 86_399) {
      const { lines, total } = planChangeAmounts(change({ oldAmount, newAmount, at }));
      const usedSeconds = BigInt(at - start);
      const remainingSeconds = BigInt(end - at);
      // The old plan's used part is never under exact, and over it by less than a unit (units × length).
      const usedOver = (oldAmount + lines[0]!.amount) * length - oldAmount * usedSeconds;
      expect(usedOver >= 0n && usedOver < length).toBe(true);
      const totalOver = total * length - (newAmount - oldAmount) * remainingSeconds;
      expect(totalOver >= 0n && totalOver < length).toBe(true);
    }
  });

  it('credit the rounded-down half unit when the split falls exactly on a half', () => {
    const result = planChangeAmounts(
      change({ oldAmount: 5n, newAmount: 0n, periodStart: 0, periodEnd: 2, at: 1 }),
    );
    expect(result.credit).toBe(2n); // 2.5 credited as 2: the used half is paid as 3, never as 2
  });
});

describe('price-difference plan changes', () => {
  it('charge the plain difference whatever time is left', () => {
    for (const at of [start, start + 86_400 * 15, end - 1]) {
      const result = planChangeAmounts(change({ mode: 'difference', at }));
      expect(result.lines).toEqual([
        { kind: 'price_difference', amount: usdc(20), proration: false, period: { start: at, end } },
      ]);
      expect(result.amountDue).toBe(usdc(20));
    }
  });
  it('credit on a downgrade only the difference for the time left, never for time already used', () => {
    const cheaper = { mode: 'difference', oldAmount: ether(2), newAmount: ether(1) / 2n } as const;
    const early = planChangeAmounts(change({ ...cheaper, at: start + 10 * 86_400 }));
    // 1.5 ETH × 21/31 = 1.016129032258064516129… credited as …516
    expect(early).toMatchObject({ total: -1_016_129_032_258_064_516n, credit: 1_016_129_032_258_064_516n });
    expect(early.lines).toEqual([
      {
        kind: 'price_difference',
        amount: -1_016_129_032_258_064_516n,
        proration: true,
        period: { start: start + 10 * 86_400, end },
      },
    ]);
    // Before a renewal the old plan's period is used: a second's worth of the difference, not all of it.
    const late = planChangeAmounts(change({ ...cheaper, at: end - 1 }));
    expect(late).toMatchObject({ amountDue: 0n, credit: 560_035_842_293n });
    expect(planChangeAmounts(change({ ...cheaper, at: start })).credit).toBe(ether(3) / 2n);
  });
});

describe('refusals', () => {
  it('refuses a change outside the period, at its end included', () => {
    expect(() => planChangeAmounts(change({ at: end }))).toThrow(RangeError);
    expect(() => planChangeAmounts(change({ at: start - 1 }))).toThrow(RangeError);
    expect(() => planChangeAmounts(change({ periodEnd: start }))).toThrow(RangeError);
    expect(() => planChangeAmounts(change({ newAmount: -1n }))).toThrow(RangeError);
  });
});

describe('proratedShare', () => {
  it('rounds up or down on the number line, and not at all when exact', () => {
    expect(proratedShare(5n, 1, 2, 'up')).toBe(3n);
    expect(proratedShare(5n, 1, 2, 'down')).toBe(2n);
    expect(proratedShare(-5n, 1, 2, 'up')).toBe(-2n);
    expect(proratedShare(-5n, 1, 2, 'down')).toBe(-3n);
    expect(proratedShare(4n, 1, 3, 'up')).toBe(2n);
    expect(proratedShare(4n, 1, 3, 'down')).toBe(1n);
    expect(proratedShare(6n, 1, 3, 'up')).toBe(2n);
    expect(proratedShare(-6n, 1, 3, 'down')).toBe(-2n);
  });
});

describe('applyCredit', () => {
  it('pays part of an invoice and keeps the rest of a credit for later', () => {
    expect(applyCredit(usdc(10), usdc(4))).toEqual({ amountDue: usdc(6), creditLeft: 0n });
    expect(applyCredit(usdc(10), usdc(14))).toEqual({ amountDue: 0n, creditLeft: usdc(4) });
    expect(applyCredit(0n, 5n)).toEqual({ amountDue: 0n, creditLeft: 5n });
  });
});
