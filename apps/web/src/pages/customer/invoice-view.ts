import { formatAmount, lineTotal, priceIn } from '@kiosk/core';
import type { CheckoutSession, Invoice, KioskSettings, PaymentCurrency } from '@kiosk/contracts';

type Currency = Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;

/** The invoice's currency among the mode's payment methods; undefined when none offers it any more. */
export function currencyOf(settings: KioskSettings | undefined, currencyId: string): Currency | undefined {
  return settings?.paymentMethods
    .flatMap((method) => method.payment_currencies)
    .find((currency) => currency.id === currencyId);
}

/**
 * `25 KDT`, as the checkout shows it. A currency no method offers any more cannot be read in whole
 * units: its smallest units and its id are shown as stored, never a guess at its decimals.
 */
export function formatInvoiceMoney(
  amount: string | bigint,
  currency: Currency | undefined,
  currencyId: string,
): string {
  if (!currency) return `${amount} ${currencyId}`;
  return `${formatAmount(amount, currency.decimal, { precision: currency.maximum_precision })} ${currency.symbol}`;
}

export interface InvoiceLineView {
  priceId: string;
  /** The product's name when the checkout it came from is known, else the price's id. */
  name: string;
  quantity: number;
  /** In the invoice's currency; unknown without the price. */
  amount?: bigint;
}

interface StoredLine {
  price_id: string;
  quantity: number;
  custom_amount?: string;
}

function isStoredLine(line: unknown): line is StoredLine {
  const candidate = line as Partial<StoredLine> | null;
  return typeof candidate?.price_id === 'string' && typeof candidate.quantity === 'number';
}

/**
 * A checkout invoice stores its lines as the session does (price and quantity); the session's expanded
 * prices name them and price them in the invoice's currency.
 */
export function invoiceLinesOf(invoice: Invoice, checkout: CheckoutSession | undefined): InvoiceLineView[] {
  return invoice.lines.filter(isStoredLine).map((line) => {
    const price = checkout?.line_items.find((item) => item.price_id === line.price_id)?.price;
    const terms = price && priceIn(price, invoice.currency_id);
    return {
      priceId: line.price_id,
      name: price?.product.name ?? line.price_id,
      quantity: line.quantity,
      amount:
        terms &&
        lineTotal(
          terms,
          line.quantity,
          line.custom_amount === undefined ? undefined : BigInt(line.custom_amount),
        ),
    };
  });
}
