import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.ts';
import { stakeAsked } from './stake.ts';

describe('the stake a subscription asks (seed 000 §5)', () => {
  it('is the greater of the billing threshold and the minimum stake, in smallest units', () => {
    expect(stakeAsked({ billing_threshold_amount: '10', min_stake_amount: '2.5' }, 6)).toBe(10_000_000n);
    expect(stakeAsked({ billing_threshold_amount: '1', min_stake_amount: '2.5' }, 18)).toBe(
      2_500_000_000_000_000_000n,
    );
    expect(stakeAsked({ min_stake_amount: '0.000001' }, 6)).toBe(1n);
  });

  it('is none when neither is set, both are zero, or no_stake says so', () => {
    expect(stakeAsked({}, 6)).toBeUndefined();
    expect(stakeAsked({ billing_threshold_amount: '0', min_stake_amount: '0' }, 6)).toBeUndefined();
    expect(stakeAsked({ min_stake_amount: '5', no_stake: true }, 6)).toBeUndefined();
  });

  it('refuses an amount finer than the currency instead of rounding it', () => {
    const refusal = (() => {
      try {
        stakeAsked({ min_stake_amount: '0.0000001' }, 6);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(KioskError);
    expect(refusal).toMatchObject({ code: 'STAKE_AMOUNT_INVALID', status: 400 });
  });
});
