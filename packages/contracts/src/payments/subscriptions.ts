import { CANCELLATION_FEEDBACK, SUBSCRIPTION_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { idParam, listOf, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { customerSchema, paymentIntentSchema } from './checkout-sessions.ts';
import { paymentInstructionsSchema, stripeContextSchema } from './instructions.ts';
import { invoiceSchema } from './invoices.ts';
import { priceSchema } from './prices.ts';
import { subscriptionSchema } from './subscription-schema.ts';
import { currencySchema, publicMethodSchema } from './payment-methods.ts';

export { subscriptionItemSchema, subscriptionSchema, type Subscription } from './subscription-schema.ts';

/** Seed 000 §1 and §3: how a subscription is cancelled, and why (all optional but `at`). */
export const cancelSubscriptionBody = z.object({
  /** `current_period_end`: a paid period runs to its end (a trial always ends at once). */
  at: z.enum(['now', 'current_period_end']).default('current_period_end'),
  feedback: z.enum(CANCELLATION_FEEDBACK).optional(),
  comment: z.string().max(500).optional(),
});

/**
 * A plan change (seed 000 §1, docs/payments.md "Changing plan"): the subscription's new items, which
 * replace all of the old ones. Every price renews on the subscription's interval and is sold in its
 * currency.
 */
export const changePlanBody = z.object({
  items: z
    .array(
      z.object({
        price_id: z.string().min(1).max(64),
        quantity: z.number().int().min(1).max(1_000).default(1),
      }),
    )
    .min(1)
    .max(20),
});

/**
 * What a plan change did. `invoice` is the change's invoice when the difference is due now (then
 * `paymentIntent` and `paymentInstructions` say how to pay it: a transfer named with `POST
 * /api/payment-intents/:id/pay`; the new plan starts when it is paid). A lower price applies at once and
 * its credit goes on the next invoice (`credit`, smallest units).
 */
export const planChangeAnswer = z.object({
  subscription: subscriptionSchema,
  invoice: invoiceSchema.nullable(),
  paymentIntent: paymentIntentSchema.nullable(),
  paymentInstructions: paymentInstructionsSchema.nullable(),
  credit: z.string(),
});

/**
 * A plan the subscription could change to (`GET /api/subscriptions/{id}/plans`): another recurring
 * price of its product, billed at the same interval in its currency, with what changing would ask now.
 */
export const planOptionSchema = z.object({
  price: priceSchema,
  product_name: z.string(),
  /** The plan the subscription is on now. */
  current: z.boolean(),
  /** One cycle of this plan, in the subscription's currency's smallest unit. */
  cycle_amount: z.string(),
  /** What `PUT /api/subscriptions/{id}` would ask now (0 in a trial or for a cheaper plan). */
  amount_due: z.string(),
  /** What it would credit to the next invoice instead. */
  credit: z.string(),
  proration_mode: z.enum(['prorate', 'difference']),
  /** Why it cannot be chosen now, in the caller's language (the PUT would refuse it so); else null. */
  unavailable: z.object({ code: z.string(), error: z.string() }).nullable(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

/** Seed 000 §4: what is overdue in one currency, and the method it is paid with. */
export const overdueSummarySchema = z.record(
  z.string(),
  z.object({ amount: z.string(), currency: currencySchema, method: publicMethodSchema }),
);

/** Seed 000 §4's overdue response: the invoices past their retries, summed per currency. */
const overdueAnswer = z.object({ invoices: z.array(invoiceSchema), summary: overdueSummarySchema });
export const subscriptionOverdueSchema = overdueAnswer.extend({ subscription: subscriptionSchema });
export const customerOverdueSchema = overdueAnswer.extend({
  customer: customerSchema,
  /** How many of the customer's subscriptions have overdue invoices. */
  subscriptionCount: z.number(),
});

/** Seed 000 §4: pay what is overdue in one currency, for one subscription or all the customer's. */
export const overduePaymentBody = z
  .object({
    currency_id: z.string().min(1).max(64),
    subscription_id: z.string().max(64).optional(),
    customer_id: z.string().max(64).optional(),
  })
  .refine((body) => body.subscription_id || body.customer_id, {
    message: 'validation.overdueScope',
    path: ['subscription_id'],
  });

export const overduePaymentAnswer = z.object({
  paymentIntent: paymentIntentSchema,
  paymentInstructions: paymentInstructionsSchema,
  /** The invoices the payment settles. */
  invoices: z.array(invoiceSchema),
  /** By card: the payment the page confirms with the processor's script (as a checkout's submit). */
  stripeContext: stripeContextSchema.nullable(),
});

/** Merchants read and change every subscription of the mode; customers only their own. */
export const subscriptionRoutes = defineRoutes({
  'GET /api/subscriptions': {
    querystring: pageQuery.extend({
      status: z.enum(SUBSCRIPTION_STATUSES).optional(),
      customer_id: z.string().max(64).optional(),
    }),
    response: { 200: listOf(subscriptionSchema) },
  },
  'GET /api/subscriptions/:id': { params: idParam, response: { 200: subscriptionSchema } },
  'PUT /api/subscriptions/:id/cancel': {
    params: idParam,
    body: cancelSubscriptionBody,
    response: { 200: subscriptionSchema },
  },
  /** Change plan: prorated by time or the plain difference, as the new price says. */
  'PUT /api/subscriptions/:id': {
    params: idParam,
    body: changePlanBody,
    response: { 200: planChangeAnswer },
  },
  /** A plan change waiting for its invoice: the same answer as the change, to pay that invoice. */
  'GET /api/subscriptions/:id/pending-update': { params: idParam, response: { 200: planChangeAnswer } },
  'GET /api/subscriptions/:id/plans': {
    params: idParam,
    response: { 200: z.object({ list: z.array(planOptionSchema) }) },
  },
  /** Undo a cancel scheduled for the period end ("resume" in the portal; `recover` in the original). */
  'PUT /api/subscriptions/:id/recover': { params: idParam, response: { 200: subscriptionSchema } },
  'GET /api/subscriptions/:id/overdue/invoices': {
    params: idParam,
    response: { 200: subscriptionOverdueSchema },
  },
  'GET /api/customers/:id/overdue/invoices': { params: idParam, response: { 200: customerOverdueSchema } },
  /** The customer pays the overdue sum by a transfer, named with `POST /api/payment-intents/:id/pay`. */
  'POST /api/invoices/overdue/pay': { body: overduePaymentBody, response: { 200: overduePaymentAnswer } },
});
