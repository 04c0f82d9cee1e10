import { idParam, listOf, pageQuery, paymentIntentSchema } from '@kiosk/contracts';
import { KioskError, PAYMENT_INTENT_STATUSES } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { getPaymentIntent, listPaymentIntents } from './service.ts';

export function registerPaymentIntentRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment intents'];

  r.get(
    '/api/payment-intents',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment intents, newest first',
        querystring: pageQuery.extend({
          customer_id: z.string().max(64).optional(),
          status: z.enum(PAYMENT_INTENT_STATUSES).optional(),
          checkout_session_id: z.string().max(64).optional(),
        }),
        response: { 200: listOf(paymentIntentSchema) },
      },
    },
    (request) => listPaymentIntents(deps.db, request.livemode, request.query, request.locale),
  );
  r.get(
    '/api/payment-intents/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment intent', params: idParam, response: { 200: paymentIntentSchema } },
    },
    async (request) => {
      const intent = await getPaymentIntent(deps.db, request.params.id, request.locale);
      if (!intent || intent.livemode !== request.livemode)
        throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
      return intent;
    },
  );
}
