import { CHECKOUT_SESSION_STATUSES, PAYMENT_INTENT_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { paymentInstructionsSchema } from './instructions.ts';
import { methodSchema } from './payment-methods.ts';
import { checkoutOptions, lineItemInput, paymentLinkSchema } from './payment-links.ts';
import { priceSchema } from './prices.ts';

/** What a merchant (or another module) creates a session from. */
export const checkoutSessionInput = checkoutOptions.extend({
  line_items: z.array(lineItemInput).min(1).max(20),
  success_url: z.url().nullable().default(null),
  cancel_url: z.url().nullable().default(null),
  expires_at: z.number().int().optional(),
  customer_did: z.string().max(200).nullable().default(null),
});

/** A checkout session's id, as paths and the `payment` connect action carry it. */
export const checkoutSessionId = z.string().regex(/^cs_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId');

/** The buyer's proof of payment (a transaction hash); the method's adapter checks its form. */
export const txHash = z.string({ error: 'validation.txHash' }).min(1, 'validation.txHash').max(200);

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
  status: z.enum(CHECKOUT_SESSION_STATUSES),
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
  status: z.enum(PAYMENT_INTENT_STATUSES),
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

/** Seed 000 §7: what submit answers; balance and delegation (fast pay) arrive with subscriptions. */
export const submitAnswer = checkoutEnvelope.extend({
  paymentInstructions: paymentInstructionsSchema,
  balance: z.object({ sufficient: z.boolean() }),
  delegation: z.object({ sufficient: z.boolean() }),
  fastPayInfo: z.null(),
  stripeContext: z.null(),
});
