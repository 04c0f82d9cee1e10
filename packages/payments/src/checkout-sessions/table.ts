import type { CheckoutSessionStatus } from '@kiosk/core';
import { customerSchema, sessionLineItem } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import type { Json, Money, Row } from '../columns.ts';
import { checkoutOptionsJson } from '../payment-links/table.ts';

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

/** A line as a session stores it: the buyer's choices, not derived amounts (prices/queries.ts StoredLine). */
const storedLine = sessionLineItem.pick({
  price_id: true,
  quantity: true,
  custom_amount: true,
  upsell_price_id: true,
  cross_sell: true,
});

export const checkoutSessionJson = jsonColumns('checkout_sessions', {
  line_items: jsonColumn(z.array(storedLine), []),
  phone_number_collection: checkoutOptionsJson.phone_number_collection,
  subscription_data: checkoutOptionsJson.subscription_data,
  /** The buyer's details as submitted (`{}` until the first submit). */
  customer_details: jsonColumn(
    customerSchema.pick({ name: true, email: true, phone: true, address: true }).partial(),
    {},
  ),
  /** The options' metadata and their `after_completion`. */
  metadata: checkoutOptionsJson.metadata,
});
