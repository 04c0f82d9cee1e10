import { paymentIntentRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { claimIntentPayment } from '../flows/claim-payment.ts';
import { buyerOf, MERCHANT } from '../schemas.ts';
import { getPaymentIntent, listPaymentIntents } from './queries.ts';

export function registerPaymentIntentRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment intents'];

  const list = paymentIntentRoutes['GET /api/payment-intents'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment intents, newest first',
        ...list.schema,
      },
    },
    (request) => listPaymentIntents(deps.db, request.livemode, request.query, request.locale),
  );
  const get = paymentIntentRoutes['GET /api/payment-intents/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment intent', ...get.schema },
    },
    async (request) => {
      const intent = await getPaymentIntent(deps.db, request.params.id, request.locale);
      if (!intent || intent.livemode !== request.livemode)
        throw new KioskError('PAYMENT_INTENT_NOT_FOUND', { status: 404 });
      return intent;
    },
  );

  const pay = paymentIntentRoutes['POST /api/payment-intents/:id/pay'];
  r.post(
    pay.path,
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary:
          'Name the transfer that pays an intent of yours outside a checkout (overdue invoices); the server checks the chain',
        ...pay.schema,
      },
    },
    async (request, reply) => {
      await claimIntentPayment(deps, request.params.id, buyerOf(request)!, request.body.tx_hash);
      reply.status(202);
      return (await getPaymentIntent(deps.db, request.params.id, request.locale))!;
    },
  );
}
