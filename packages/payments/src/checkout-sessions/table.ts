import type { CheckoutSessionStatus } from '@kiosk/core';
import type { Json, Money, Row } from '../columns.ts';

export type CheckoutSessionRow = Row & {
  mode: 'payment' | 'subscription' | 'setup';
  status: CheckoutSessionStatus;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  payment_link_id: string | null;
  customer_id: string | null;
  customer_did: string | null;
  currency_id: string;
  line_items: Json;
  amount_subtotal: Money;
  amount_total: Money;
  expires_at: number;
  submit_type: string;
  cross_sell_behavior: string;
  phone_number_collection: Json;
  billing_address_collection: string;
  subscription_data: Json;
  customer_details: Json;
  success_url: string | null;
  cancel_url: string | null;
  payment_method_id: string | null;
  payment_intent_id: string | null;
  invoice_id: string | null;
  subscription_id: string | null;
  metadata: Json;
  /** Who started it from a payment link, to answer repeats within 3 s with the same session. */
  start_key: string | null;
};
