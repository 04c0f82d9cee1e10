import { CHECKOUT_SESSION_STATUSES, PAYMENT_INTENT_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { amountString, idParam, listOf, pageQuery, queryFlag, webAddress } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { mandateInstructionsSchema, paymentInstructionsSchema, stripeContextSchema } from './instructions.ts';
import { publicMethodSchema } from './payment-methods.ts';
import { checkoutOptions, lineItemInput, paymentLinkSchema } from './payment-links.ts';
import { priceSchema } from './prices.ts';
import { subscriptionItemSchema, subscriptionSchema } from './subscription-schema.ts';

/**
 * What a merchant (or another module) creates a session from. The prices say whether it is a payment
 * or a subscription; `mode: 'setup'` instead asks a subscription's customer to authorise its future
 * payments again (a new mandate, on the same or another method) and sells nothing: Stripe's way of
 * changing a subscription's payment method through Checkout, naming it in `setup_intent_data.metadata`.
 */
export const checkoutSessionInput = checkoutOptions
  .extend({
    mode: z.enum(['payment', 'subscription', 'setup']).optional(),
    setup_intent_data: z
      .object({ metadata: z.object({ subscription_id: z.string().min(1).max(64) }).loose() })
      .optional(),
    line_items: z.array(lineItemInput).max(20).default([]),
    success_url: webAddress.nullable().default(null),
    cancel_url: webAddress.nullable().default(null),
    expires_at: z.number().int().optional(),
    customer_did: z.string().max(200).nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.mode !== 'setup') {
      if (!input.line_items.length)
        ctx.addIssue({
          code: 'too_small',
          origin: 'array',
          minimum: 1,
          inclusive: true,
          path: ['line_items'],
        });
      return;
    }
    if (input.line_items.length)
      ctx.addIssue({ code: 'custom', path: ['line_items'], message: 'validation.setupSellsNothing' });
    if (!input.setup_intent_data)
      ctx.addIssue({
        code: 'custom',
        path: ['setup_intent_data', 'metadata', 'subscription_id'],
        message: 'validation.setupSubscription',
      });
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

export type ExpandedPrice = z.infer<typeof expandedPrice>;

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

export type SessionLineItem = z.infer<typeof sessionLineItem>;

/**
 * The subscription a session made or sets up (seed: `subscriptions`), each item's price with its
 * product, as a setup page names it.
 */
export const sessionSubscription = subscriptionSchema.extend({
  items: z.array(subscriptionItemSchema.extend({ price: expandedPrice.nullable() })),
});
export type SessionSubscription = z.infer<typeof sessionSubscription>;

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
  /**
   * Whether this session's buyer gets the trial `subscription_data` offers: false when they have had a
   * trial of one of its products and `trial_once_per_customer` is not false (issue 21 item 21). Known
   * from when the buyer is (signed in at start, else at submit, which decides it); true before.
   */
  trial_eligible: z.boolean(),
  customer_details: z.record(z.string(), z.unknown()),
  success_url: z.string().nullable(),
  cancel_url: z.string().nullable(),
  payment_method_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  subscriptions: z.array(sessionSubscription),
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

export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** A buyer's billing address as submitted (every part optional: the session says which it needs). */
const addressPart = (max: number) => z.string().max(max).optional();
export const billingAddress = z.object({
  country: addressPart(2),
  state: addressPart(100),
  city: addressPart(100),
  line1: addressPart(200),
  line2: addressPart(200),
  postal_code: addressPart(20),
});

export const customerSchema = z.object({
  id: z.string(),
  object: z.literal('customer'),
  livemode: z.boolean(),
  did: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Seed 001's name for `name`: the name the buyer gave at checkout. */
  fullName: z.string().nullable(),
  address: billingAddress,
  metadata: z.record(z.string(), z.unknown()),
  /** The test clock it is billed on (Stripe's `test_clock`); null in live mode and off any clock. */
  test_clock: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

export type Customer = z.infer<typeof customerSchema>;

/** Seed 001 §7: what start and retrieve answer. */
export const checkoutEnvelope = z.object({
  checkoutSession: checkoutSessionSchema,
  paymentMethods: z.array(publicMethodSchema),
  paymentLink: paymentLinkSchema.nullable(),
  paymentIntent: paymentIntentSchema.nullable(),
  customer: customerSchema.nullable(),
});

export type CheckoutEnvelope = z.infer<typeof checkoutEnvelope>;

/** Seed 000 §7: what submit answers; balance and delegation (fast pay) arrive with subscriptions. */
export const submitAnswer = checkoutEnvelope.extend({
  /** How to pay now; null when nothing is due now (a subscription pays through its mandate). */
  paymentInstructions: paymentInstructionsSchema.nullable(),
  /** A subscription's: what the wallet signs once so that each cycle can be collected. */
  mandateInstructions: mandateInstructionsSchema.nullable(),
  balance: z.object({ sufficient: z.boolean() }),
  delegation: z.object({ sufficient: z.boolean() }),
  fastPayInfo: z.null(),
  /** A card's (seed 000 §3, card provider context): what the page confirms with the processor's script. */
  stripeContext: stripeContextSchema.nullable(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

const linkId = z.object({ id: z.string().regex(/^plink_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId') });
const sessionId = z.object({ id: checkoutSessionId });
const text = (max: number) => z.string().max(max).optional();

/** What the buyer sends to submit an order (seed 000 §7). */
export const submitBody = z.object({
  customer_name: text(200),
  customer_email: text(254),
  customer_phone: text(40),
  payment_method: z.string().min(1).max(64),
  payment_currency: z.string().min(1).max(64),
  billing_address: billingAddress.optional(),
});
export type SubmitBody = z.input<typeof submitBody>;

/** The buyer's side of a checkout: start it, follow it, edit the order, submit it, name the payment. */
export const buyerCheckoutRoutes = defineRoutes({
  'POST /api/checkout-sessions/start/:id': {
    params: linkId,
    // Seed 001 §7 extraParams: the page passes its own (e.g. livemode) through to the new session.
    querystring: z.looseObject({}),
    response: { 200: checkoutEnvelope },
  },
  'GET /api/checkout-sessions/retrieve/:id': { params: sessionId, response: { 200: checkoutEnvelope } },
  'PUT /api/checkout-sessions/:id/submit': {
    params: sessionId,
    body: submitBody,
    response: { 200: submitAnswer },
  },
  'PUT /api/checkout-sessions/:id/donate-submit': {
    params: sessionId,
    body: submitBody,
    response: { 200: submitAnswer },
  },
  'POST /api/checkout-sessions/:id/pay': {
    params: sessionId,
    body: z.object({ tx_hash: txHash }),
    response: { 202: checkoutEnvelope },
  },
  /** The wallet has sent the mandate's transactions: the server reads the chain and goes on. */
  'POST /api/checkout-sessions/:id/mandate': {
    params: sessionId,
    response: { 202: checkoutEnvelope },
  },
  'PUT /api/checkout-sessions/:id/upsell': {
    params: sessionId,
    body: z.object({ from: z.string().max(64), to: z.string().max(64) }),
    response: { 200: checkoutSessionSchema },
  },
  'PUT /api/checkout-sessions/:id/downsell': {
    params: sessionId,
    body: z.object({ from: z.string().max(64) }),
    response: { 200: checkoutSessionSchema },
  },
  'GET /api/checkout-sessions/:id/cross-sell': {
    params: sessionId,
    querystring: z.object({
      skipError: queryFlag.describe('Answer null instead of 404 when nothing is offered'),
    }),
    response: { 200: expandedPrice.nullable() },
  },
  'PUT /api/checkout-sessions/:id/cross-sell': {
    params: sessionId,
    body: z.object({ to: z.string().max(64) }),
    response: { 200: checkoutSessionSchema },
  },
  'DELETE /api/checkout-sessions/:id/cross-sell': {
    params: sessionId,
    response: { 200: checkoutSessionSchema },
  },
  'PUT /api/checkout-sessions/:id/amount': {
    params: sessionId,
    body: z.object({ priceId: z.string().max(64), amount: amountString }),
    response: { 200: checkoutSessionSchema },
  },
});

/** The merchant's side: create sessions for given items, list, read and expire them. */
export const merchantCheckoutRoutes = defineRoutes({
  'POST /api/checkout-sessions': { body: checkoutSessionInput, response: { 201: checkoutSessionSchema } },
  'GET /api/checkout-sessions': {
    querystring: pageQuery.extend({
      status: z.enum(CHECKOUT_SESSION_STATUSES).optional(),
      payment_link_id: z.string().max(64).optional(),
    }),
    response: { 200: listOf(checkoutSessionSchema) },
  },
  'GET /api/checkout-sessions/:id': { params: idParam, response: { 200: checkoutSessionSchema } },
  'PUT /api/checkout-sessions/:id/expire': { params: idParam, response: { 200: checkoutSessionSchema } },
});
