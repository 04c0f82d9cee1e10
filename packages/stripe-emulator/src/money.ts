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
