// Amounts travel in the currency's smallest unit; these render them for people (the 3-D Secure page,
// refund messages worded as Stripe's).

function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** 1234 usd → "12.34"; jpy has no minor unit. */
export function majorUnits(amount: number, currency: string): string {
  const digits = fractionDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/** 1234 usd → "$12.34", as Stripe's messages write it. */
export function formatMoney(amount: number, currency: string): string {
  const major = Number(majorUnits(amount, currency));
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(major);
  } catch {
    return `${major} ${currency}`;
  }
}

// Stripe's minimum charge amounts for the currencies it publishes most (docs: "Minimum and maximum
// charge amounts"). Stripe checks the minimum in the account's settlement currency too; the emulator
// checks only these, in the charge's own currency.
const minimums: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  cad: 50,
  aud: 50,
  nzd: 50,
  chf: 50,
  sgd: 50,
  hkd: 400,
  jpy: 50,
  mxn: 1000,
  sek: 300,
  nok: 300,
  dkk: 250,
  pln: 200,
};

/** Stripe's amount limits: eight digits at most, and its minimum for the currency. */
export function amountProblem(
  amount: number,
  currency: string,
): { code: string; message: string } | undefined {
  if (amount > 99_999_999) {
    return {
      code: 'amount_too_large',
      message: `Amount must be no more than ${formatMoney(99_999_999, currency)}`,
    };
  }
  const minimum = minimums[currency];
  if (minimum !== undefined && amount < minimum) {
    return {
      code: 'amount_too_small',
      message: `Amount must be at least ${formatMoney(minimum, currency)} ${currency}`,
    };
  }
  return undefined;
}
