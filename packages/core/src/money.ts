/**
 * Money is an exact integer in the currency's smallest unit: `bigint` in code, a decimal string on the
 * wire and in storage. Floats never touch an amount. Display formatting lives here only.
 */

/** Seed 000 §9: amounts show at most 6 decimals unless the currency says otherwise. */
export const DEFAULT_PRECISION = 6;
/** Seed 000 §9: a token without a stated `decimal` has 18. */
export const DEFAULT_TOKEN_DECIMALS = 18;
/** Seed 000 §9: the default thousand separator. */
export const DEFAULT_THOUSAND_SEPARATOR = ',';
/** 78 digits hold every unsigned 256-bit integer, the largest amount an EVM token can express. */
export const MAX_AMOUNT_DIGITS = 78;
/** The largest amount at all: an unsigned 256-bit integer, what an EVM token's balance can hold. */
export const MAX_AMOUNT = 2n ** 256n - 1n;

const INTEGER = /^-?\d+$/;
const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

export class AmountFormatError extends Error {
  constructor(
    readonly reason: 'invalid' | 'precision' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'AmountFormatError';
  }
}

/** Reads an amount in smallest units from a bigint, a safe integer or a decimal integer string. */
export function toAmount(value: bigint | number | string): bigint {
  if (typeof value === 'bigint') return checkSize(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new AmountFormatError('invalid', `not an exact integer: ${value}`);
    return BigInt(value);
  }
  if (!INTEGER.test(value)) throw new AmountFormatError('invalid', `not an integer amount: ${value}`);
  return checkSize(BigInt(value));
}

function checkSize(value: bigint): bigint {
  const digits = (value < 0n ? -value : value).toString().length;
  if (digits > MAX_AMOUNT_DIGITS)
    throw new AmountFormatError('too_large', `more than ${MAX_AMOUNT_DIGITS} digits`);
  return value;
}

/** Counts the decimal places a human-entered amount uses ("1.50" uses 2). */
export function decimalPlaces(text: string): number {
  const fraction = text.trim().split('.')[1];
  return fraction === undefined ? 0 : fraction.length;
}

export interface ParseOptions {
  /** The currency's `maximum_precision`: more decimal places than this are refused. */
  maximumPrecision?: number;
  thousandSeparator?: string;
}

/**
 * Parses a human amount ("1,234.5") in whole units into smallest units, exactly.
 * Refuses more decimals than the currency has or than `maximumPrecision` allows.
 */
export function parseAmount(text: string, decimals: number, options: ParseOptions = {}): bigint {
  const separator = options.thousandSeparator ?? DEFAULT_THOUSAND_SEPARATOR;
  const cleaned = text.trim().split(separator).join('');
  const match = DECIMAL.exec(cleaned);
  if (!match || (match[2] === '' && !match[3]))
    throw new AmountFormatError('invalid', `not an amount: ${text}`);
  const [, sign, whole = '', fraction = ''] = match;
  const allowed = Math.min(decimals, options.maximumPrecision ?? decimals);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > allowed) {
    throw new AmountFormatError('precision', `at most ${allowed} decimal places`);
  }
  const units = BigInt((whole || '0') + significant.padEnd(decimals, '0'));
  return checkSize(sign ? -units : units);
}

export interface FormatOptions {
  /** Decimal places shown at most (rounded half up); seed default 6. */
  precision?: number;
  thousandSeparator?: string;
  /** Keep trailing zeros up to `precision` ("1.50" instead of "1.5"). */
  fixed?: boolean;
}

/** Formats smallest units as a human amount: `formatAmount(1234500000000000000000n, 18)` is "1,234.5". */
export function formatAmount(value: bigint | string, decimals: number, options: FormatOptions = {}): string {
  const amount = toAmount(value);
  const precision = Math.min(options.precision ?? DEFAULT_PRECISION, decimals);
  const separator = options.thousandSeparator ?? DEFAULT_THOUSAND_SEPARATOR;
  const negative = amount < 0n;
  const absolute = negative ? -amount : amount;

  const dropped = 10n ** BigInt(decimals - precision);
  const rounded = (absolute + dropped / 2n) / dropped; // half up, on the magnitude
  const scale = 10n ** BigInt(precision);
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  let fraction = precision > 0 ? (rounded % scale).toString().padStart(precision, '0') : '';
  if (!options.fixed) fraction = fraction.replace(/0+$/, '');

  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && rounded !== 0n ? `-${text}` : text;
}

/** Adds amounts exactly; accepts the wire's decimal strings. */
export function sumAmounts(values: Iterable<bigint | string>): bigint {
  let total = 0n;
  for (const value of values) total += toAmount(value);
  return total;
}
