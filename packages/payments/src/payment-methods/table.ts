import { metadata, methodSettings } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Flag, Json, Row } from '../columns.ts';

export type PaymentMethodRow = Row & {
  /** ethereum, base, evm (any EVM chain by chain id); card and others later. */
  type: string;
  name: string;
  description: string | null;
  logo: string | null;
  /** Per type; EVM: chain_id, api_host (RPC URL), explorer_host, confirmation, receiving_address. */
  settings: Json;
  default_currency_id: string | null;
  active: Flag;
  metadata: Json;
};

/** `settings` are the method type's own: its adapter checks them each time it reads the method. */
export const paymentMethodJson = jsonColumns('payment_methods', {
  settings: jsonColumn(methodSettings, {}),
  metadata: jsonColumn(metadata, {}),
});

export type PaymentCurrencyRow = Row & {
  payment_method_id: string;
  name: string;
  symbol: string;
  decimal: number;
  maximum_precision: number;
  logo: string | null;
  /** Token contract; null for the chain's native coin. */
  contract: string | null;
  is_base_currency: Flag;
  active: Flag;
};
