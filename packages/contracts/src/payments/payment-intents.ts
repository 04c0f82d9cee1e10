import { PAYMENT_INTENT_STATUSES } from '@kiosk/core';
import { z } from 'zod';
import { paymentIntentSchema, txHash } from './checkout-sessions.ts';
import { idParam, listOf, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';

export const paymentIntentRoutes = defineRoutes({
  'GET /api/payment-intents': {
    querystring: pageQuery.extend({
      customer_id: z.string().max(64).optional(),
      status: z.enum(PAYMENT_INTENT_STATUSES).optional(),
      checkout_session_id: z.string().max(64).optional(),
    }),
    response: { 200: listOf(paymentIntentSchema) },
  },
  'GET /api/payment-intents/:id': { params: idParam, response: { 200: paymentIntentSchema } },
  /** The customer names the transfer that pays an intent of theirs outside a checkout (overdue invoices). */
  'POST /api/payment-intents/:id/pay': {
    params: idParam,
    body: z.object({ tx_hash: txHash }),
    response: { 202: paymentIntentSchema },
  },
});
