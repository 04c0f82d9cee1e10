import { z } from 'zod';
import { methodSchema } from '../payment-methods/schema.ts';
import { paymentLinkSchema } from '../payment-links/schema.ts';
import { priceSchema } from '../prices/schema.ts';

/** A checkout session's id, as paths and the `payment` connect action carry it. */
export const checkoutSessionId = z.string().regex(/^cs_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId');

/** The hash of the transaction a buyer names as their payment. */
export const txHash = z
  .string({ error: 'validation.txHash' })
  .regex(/^0x[0-9a-fA-F]{64}$/, 'validation.txHash');

export const expandedPrice = priceSchema.extend({
  product: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    images: z.array(z.string()),
    unit_label: z.string().nullable(),
    statement_descriptor: z.string().nullable(),
  }),
});

export const sessionLineItem = z.object({
  price_id: z.string(),
  quantity: z.number(),
  custom_amount: z.string().optional(),
  upsell_price_id: z.string().optional(),
  cross_sell: z.boolean(),
  /** What this line costs in the session currency. */
  amount_total: z.string(),
  price: expandedPrice,
  /** The other price of the upsell pair: the offer before an upsell, the original after one. */
  upsell_price: expandedPrice.optional(),
});

export const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  livemode: z.boolean(),
  mode: z.enum(['payment', 'subscription', 'setup']),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['unpaid', 'paid', 'no_payment_required']),
  payment_link_id: z.string().nullable(),
  customer_id: z.string().nullable(),
  customer_did: z.string().nullable(),
  currency_id: z.string(),
  line_items: z.array(sessionLineItem),
  amount_subtotal: z.string(),
  amount_total: z.string(),
  expires_at: z.number(),
  submit_type: z.string(),
  cross_sell_behavior: z.string(),
  phone_number_collection: z.object({ enabled: z.boolean() }),
  billing_address_collection: z.string(),
  subscription_data: z.record(z.string(), z.unknown()),
  customer_details: z.record(z.string(), z.unknown()),
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  payment_method_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  subscriptions: z.array(z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  url: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  livemode: z.boolean(),
  status: z.string(),
  amount: z.string(),
  amount_received: z.string(),
  currency_id: z.string(),
  payment_method_id: z.string(),
  customer_id: z.string(),
  checkout_session_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  description: z.string().nullable(),
  last_payment_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  payment_details: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
});

export const customerSchema = z.object({
  id: z.string(),
  object: z.literal('customer'),
  livemode: z.boolean(),
  did: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.number(),
  updated_at: z.number(),
});

/** Seed 001 §7: what start and retrieve answer. */
export const checkoutEnvelope = z.object({
  checkoutSession: checkoutSessionSchema,
  paymentMethods: z.array(methodSchema),
  paymentLink: paymentLinkSchema.nullable(),
  paymentIntent: paymentIntentSchema.nullable(),
  customer: customerSchema.nullable(),
});

/** How the buyer pays: an exact transfer of `amount` of the currency (`token` null: the native coin) to `to`. */
export const paymentInstructionsSchema = z.object({
  type: z.literal('evm_transfer'),
  chain_id: z.number(),
  to: z.string(),
  token: z.string().nullable(),
  amount: z.string(),
  currency_id: z.string(),
  decimal: z.number(),
  symbol: z.string(),
});

/** Seed 000 §7: what submit answers; balance and delegation (fast pay) arrive with subscriptions. */
export const submitAnswer = checkoutEnvelope.extend({
  paymentInstructions: paymentInstructionsSchema,
  balance: z.object({ sufficient: z.boolean() }),
  delegation: z.object({ sufficient: z.boolean() }),
  fastPayInfo: z.null(),
  stripeContext: z.null(),
});
