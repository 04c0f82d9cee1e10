import type {
  PaymentCapabilities,
  PaymentCurrency,
  PaymentMethod,
  PublicPaymentMethod,
} from '@kiosk/contracts';
import { flag } from '../db.ts';
import type { MethodRegistry } from '../methods/adapter.ts';
import type { PaymentsTables } from '../tables.ts';
import { paymentMethodJson } from './table.ts';

type MethodRow = PaymentsTables['payment_methods'];
type CurrencyRow = PaymentsTables['payment_currencies'];

export function currencyView(row: CurrencyRow): PaymentCurrency {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    payment_method_id: row.payment_method_id,
    name: row.name,
    symbol: row.symbol,
    decimal: Number(row.decimal),
    maximum_precision: Number(row.maximum_precision),
    logo: row.logo,
    contract: row.contract,
    is_base_currency: flag(row.is_base_currency),
    active: flag(row.active),
  };
}

export function methodView(row: MethodRow, currencies: CurrencyRow[]): PaymentMethod {
  return {
    id: row.id,
    livemode: flag(row.livemode),
    type: row.type,
    name: row.name,
    description: row.description,
    logo: row.logo,
    settings: paymentMethodJson.settings.read(row.settings),
    default_currency_id: row.default_currency_id,
    active: flag(row.active),
    metadata: paymentMethodJson.metadata.read(row.metadata),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    payment_currencies: currencies.filter((c) => c.payment_method_id === row.id).map(currencyView),
  };
}

/**
 * What a buyer's browser may see of a method: its adapter strips the secrets from the settings and
 * says what the method, and each of its currencies, can do as this server has it set up.
 */
export function publicMethod(methods: MethodRegistry, method: PaymentMethod): PublicPaymentMethod {
  const { adapter, method: read } = methods.read(method);
  const capabilitiesIn = (currency?: PaymentCurrency): PaymentCapabilities => ({
    recurring: (adapter.capabilitiesOf?.(read, currency) ?? adapter.capabilities).recurring,
  });
  return {
    ...method,
    settings: adapter.publicSettings(read.settings),
    capabilities: capabilitiesIn(),
    payment_currencies: method.payment_currencies.map((currency) => ({
      ...currency,
      capabilities: capabilitiesIn(currency),
    })),
  };
}
