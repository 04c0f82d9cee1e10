import type { BillingAddress, FieldPattern } from '@kiosk/core/customer-details';

/**
 * The Kiosk Pay API's objects as the browser reads them (docs/payments.md; the server's zod schemas are
 * the source of truth). Amounts are decimal strings of the currency's smallest unit.
 */

export interface PaymentCurrency {
  id: string;
  livemode: boolean;
  payment_method_id: string;
  name: string;
  symbol: string;
  decimal: number;
  maximum_precision: number;
  logo: string | null;
  contract: string | null;
  active: boolean;
  is_base_currency: boolean;
}

export interface PaymentMethod {
  id: string;
  livemode: boolean;
  type: string;
  name: string;
  description: string | null;
  logo: string | null;
  settings: { chain_id?: number; explorer_host?: string; [key: string]: unknown };
  default_currency_id: string | null;
  active: boolean;
  payment_currencies: PaymentCurrency[];
}

export interface CustomUnitAmount {
  preset?: string;
  presets: string[];
  minimum?: string;
  maximum?: string;
}

export interface Recurring {
  interval: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  usage_type: 'licensed' | 'metered';
}

export interface Product {
  id: string;
  name: string;
  description: string | null;
  images: string[];
  unit_label: string | null;
  statement_descriptor: string | null;
}

export interface Price {
  id: string;
  livemode: boolean;
  product_id: string;
  type: 'one_time' | 'recurring';
  nickname: string | null;
  currency_id: string;
  unit_amount: string;
  currency_options: {
    currency_id: string;
    unit_amount: string;
    custom_unit_amount: CustomUnitAmount | null;
  }[];
  custom_unit_amount: CustomUnitAmount | null;
  recurring: Recurring | null;
  upsell: { upsells_to_id: string } | null;
  quantity_available: number;
  quantity_sold: number;
  quantity_limit_per_checkout: number;
  active: boolean;
}

export interface ExpandedPrice extends Price {
  product: Product;
}

export interface SessionLineItem {
  price_id: string;
  quantity: number;
  custom_amount?: string;
  /** Set once the line was upsold: the price it came from. */
  upsell_price_id?: string;
  cross_sell: boolean;
  amount_total: string;
  price: ExpandedPrice;
  /** The other price of the upsell pair: the offer before an upsell, the original after one. */
  upsell_price?: ExpandedPrice;
}

export interface CheckoutSession {
  id: string;
  livemode: boolean;
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  payment_link_id: string | null;
  customer_id: string | null;
  customer_did: string | null;
  currency_id: string;
  line_items: SessionLineItem[];
  amount_subtotal: string;
  amount_total: string;
  expires_at: number;
  submit_type: string;
  cross_sell_behavior: string;
  phone_number_collection: { enabled: boolean };
  billing_address_collection: string;
  customer_details: Record<string, unknown>;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent_id: string | null;
  invoice_id: string | null;
  metadata: {
    page_info?: {
      field_validation?: Record<string, FieldPattern>;
      form_purpose_description?: { en?: string; zh?: string };
    };
    after_completion?: { type?: string; hosted_confirmation?: { custom_message?: string } };
    [key: string]: unknown;
  };
  url: string;
}

export interface PaymentIntent {
  id: string;
  status: string;
  amount: string;
  currency_id: string;
  last_payment_error: { code: string; message: string } | null;
}

export interface Customer {
  id: string | null;
  did: string;
  livemode: boolean;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: BillingAddress;
  metadata: { phone?: { country?: string | null; phoneNumber?: string }; [key: string]: unknown };
}

/** What start and retrieve answer (seed 001 §7). */
export interface CheckoutEnvelope {
  checkoutSession: CheckoutSession;
  paymentMethods: PaymentMethod[];
  paymentLink: { id: string; name: string | null } | null;
  paymentIntent: PaymentIntent | null;
  customer: Customer | null;
}

/** How to pay a submitted session: an exact transfer on an EVM chain. */
export interface PaymentInstructions {
  type: 'evm_transfer';
  chain_id: number;
  to: string;
  token: string | null;
  amount: string;
  currency_id: string;
  decimal: number;
  symbol: string;
}

export interface SubmitAnswer extends CheckoutEnvelope {
  paymentInstructions: PaymentInstructions;
  balance: { sufficient: boolean };
  delegation: { sufficient: boolean };
}

/** `GET /api/settings` (seed 000 §7). */
export interface KioskSettings {
  paymentMethods: PaymentMethod[];
  baseCurrency: PaymentCurrency | null;
}
