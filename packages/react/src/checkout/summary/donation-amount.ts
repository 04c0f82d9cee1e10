import { checkCustomAmount, type CustomUnitAmount } from '@kiosk/core';
import type { PaymentCurrency } from '@kiosk/contracts';

/** Seed 000 §9: a random amount runs up to 5 times the largest preset, drawn over 800 ms. */
export const RANDOM_UP_TO_PRESETS = 5n;
export const RANDOM_ANIMATION_MS = 800;

/** The smallest step an amount may take in `currency`: its maximum_precision, in smallest units. */
export function amountStep(currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision'>): bigint {
  return 10n ** BigInt(Math.max(0, currency.decimal - currency.maximum_precision));
}

/**
 * Seed 000 §2: a random donation from the largest preset up to 5 times it, never above the maximum
 * (nor below the minimum), in whole steps of the currency's precision. `random` is in [0, 1).
 */
export function randomDonation(
  custom: CustomUnitAmount,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision'>,
  random: number,
): bigint {
  const step = amountStep(currency);
  const minimum = BigInt(custom.minimum ?? '0');
  const largest = custom.presets.map(BigInt).reduce((a, b) => (a > b ? a : b), minimum);
  let high = largest * RANDOM_UP_TO_PRESETS;
  if (custom.maximum !== undefined && BigInt(custom.maximum) < high) high = BigInt(custom.maximum);
  let low = largest > high ? minimum : largest;
  low = ((low + step - 1n) / step) * step;
  if (high < low) return low;
  const steps = (high - low) / step + 1n;
  // Math.random has 53 bits: enough for any range a person would give in.
  const pick = BigInt(Math.floor(random * Number(steps)));
  return low + (pick < steps ? pick : steps - 1n) * step;
}

// Seed 000 §9: the donor's last amount is kept in local storage, per user (or per browser when
// nobody has signed in).
const keyOf = (did: string | undefined) => `kiosk:donation-amount:${did ?? 'anonymous'}`;

export function rememberedDonation(
  did: string | undefined,
  custom: CustomUnitAmount,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision'>,
): bigint | undefined {
  try {
    const stored = window.localStorage.getItem(keyOf(did));
    if (!stored || !/^\d{1,78}$/.test(stored)) return undefined;
    const amount = BigInt(stored);
    // A remembered amount this link or currency would refuse is not offered.
    if (checkCustomAmount(custom, amount) || amount % amountStep(currency) !== 0n) return undefined;
    return amount;
  } catch {
    return undefined;
  }
}

export function rememberDonation(did: string | undefined, amount: bigint): void {
  try {
    window.localStorage.setItem(keyOf(did), amount.toString());
  } catch {
    // Blocked storage only means the default amount is offered next time.
  }
}
