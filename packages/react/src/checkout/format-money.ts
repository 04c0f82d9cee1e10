import { formatAmount } from '@kiosk/core';
import type { PaymentCurrency } from '@kiosk/contracts';

/** `25 KDT`: smallest units shown in whole units, at most the currency's maximum_precision places. */
export function formatMoney(
  amount: bigint | string,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>,
): string {
  return `${formatAmount(amount, currency.decimal, { precision: currency.maximum_precision })} ${currency.symbol}`;
}
