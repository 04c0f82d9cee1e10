import type { PaymentCurrency, PaymentMethod } from '@kiosk/contracts';

/** A currency a price can be in, named with its method: two chains can both take "USDC". */
export interface CurrencyChoice extends Pick<
  PaymentCurrency,
  'id' | 'symbol' | 'decimal' | 'maximum_precision'
> {
  label: string;
}

/** The active currencies of the mode's active methods, in the methods' order. */
export function currencyChoices(methods: ReadonlyMap<string, PaymentMethod> | undefined): CurrencyChoice[] {
  return [...(methods?.values() ?? [])]
    .filter((method) => method.active)
    .flatMap((method) =>
      method.payment_currencies
        .filter((currency) => currency.active)
        .map(({ id, symbol, decimal, maximum_precision }) => ({
          id,
          symbol,
          decimal,
          maximum_precision,
          label: `${symbol} · ${method.name}`,
        })),
    );
}
