import { z } from 'zod';
import { amountString, idParam } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { checkoutSessionSchema } from './checkout-sessions.ts';
import { mandateInstructionsSchema } from './instructions.ts';
import { subscriptionSchema } from './subscriptions.ts';

/**
 * Authorising again (docs/recurring-crypto.md, "Authorising again"): a new mandate replacing the
 * subscription's, for a dearer plan (`max_per_cycle`) or before its cycles run out. The customer only.
 */
export const subscriptionMandateRoutes = defineRoutes({
  'POST /api/subscriptions/:id/mandate': {
    params: idParam,
    body: z.object({
      /** The most a cycle may take (smallest units); at least, and by default, what a cycle costs now. */
      max_per_cycle: amountString.optional(),
      /** Change payment method (seed 000 §1; future invoices only): the subscription's by default. */
      payment_method: z.string().min(1).max(64).optional(),
      /** The currency on that method; the subscription's by default. Its prices must be sold in it. */
      payment_currency: z.string().min(1).max(64).optional(),
    }),
    response: {
      200: z.object({ subscription: subscriptionSchema, mandateInstructions: mandateInstructionsSchema }),
    },
  },
  /** The wallet has sent the calls: the chain is read and the new mandate replaces the old one. */
  'POST /api/subscriptions/:id/mandate/confirm': { params: idParam, response: { 200: subscriptionSchema } },
  /**
   * A setup session for the subscription (docs/payments.md, "Setup sessions"), its customer's own: the
   * hosted page authorises from any wallet, a phone's included.
   */
  'POST /api/subscriptions/:id/setup-session': { params: idParam, response: { 201: checkoutSessionSchema } },
});
