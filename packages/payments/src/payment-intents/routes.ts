import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentIntentSchema } from '../checkout-sessions/schema.ts';
import type { PaymentsContext } from '../context.ts';
import { paymentsDb } from '../db.ts';
import { idParam, listOf, listQuery, MERCHANT } from '../schemas.ts';
import { getPaymentIntent, listPaymentIntents } from './service.ts';

/** Stripe's payment intent statuses; Kiosk uses requires_action, processing and succeeded so far. */
const STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;

export function registerPaymentIntentRoutes(app: FastifyInstance, context: PaymentsContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = paymentsDb(context.database);
  const tags = ['payment intents'];

  r.get(
    '/api/payment-intents',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment intents, newest first',
        querystring: listQuery.extend({
          customer_id: z.string().max(64).optional(),
          status: z.enum(STATUSES).optional(),
          checkout_session_id: z.string().max(64).optional(),
        }),
        response: { 200: listOf(paymentIntentSchema) },
      },
    },
    (request) => listPaymentIntents(db, request.livemode, request.query),
  );
  r.get(
    '/api/payment-intents/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment intent', params: idParam, response: { 200: paymentIntentSchema } },
    },
    async (request) => {
      const intent = await getPaymentIntent(db, request.params.id);
      if (!intent || intent.livemode !== request.livemode)
        throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
      return intent;
    },
  );
}
