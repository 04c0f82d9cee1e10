import { KioskError } from '../errors.ts';
import { AmountFormatError, parseAmount } from '../money.ts';

/** What a subscription's `subscription_data` says of its stake (amounts in whole units of the currency). */
export interface StakeTerms {
  billing_threshold_amount?: string;
  min_stake_amount?: string;
  no_stake?: boolean;
}

/**
 * Seed 000 §5: the stake a subscription asks at subscribe is the greater of its billing threshold and
 * its minimum stake, in the smallest units of the currency (`decimals`) it is paid in. None when
 * neither is set (or both are zero) or `no_stake` says so. An amount finer than the currency is
 * refused (400 STAKE_AMOUNT_INVALID) rather than rounded: a stake is money the customer locks.
 */
export function stakeAsked(terms: StakeTerms, decimals: number): bigint | undefined {
  if (terms.no_stake) return undefined;
  const amounts = [terms.billing_threshold_amount, terms.min_stake_amount]
    .filter((text): text is string => text !== undefined)
    .map((text) => {
      try {
        return parseAmount(text, decimals);
      } catch (error) {
        if (error instanceof AmountFormatError)
          throw new KioskError('STAKE_AMOUNT_INVALID', { status: 400, params: { amount: text } });
        throw error;
      }
    });
  const largest = amounts.reduce((a, b) => (b > a ? b : a), 0n);
  return largest > 0n ? largest : undefined;
}
