import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentsContext } from '../context.ts';
import { paymentsDb } from '../db.ts';
import { once } from '../idempotency/scope.ts';
import { idParam, listOf, listQuery, MERCHANT } from '../schemas.ts';
import { paymentLinkInput, paymentLinkSchema, paymentLinkUpdate } from './schema.ts';
import { createPaymentLink, getPaymentLink, listPaymentLinks, updatePaymentLink } from './service.ts';

export function registerPaymentLinkRoutes(app: FastifyInstance, context: PaymentsContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = paymentsDb(context.database);
  const tags = ['payment links'];

  r.post(
    '/api/payment-links',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Create a payment link',
        body: paymentLinkInput,
        response: { 201: paymentLinkSchema },
      },
    },
    async (request, reply) => {
      const answer = await once(context, request, async () => ({
        status: 201,
        body: await createPaymentLink(db, request.livemode, context.baseUrl, request.body),
      }));
      return reply.status(201).send(answer.body);
    },
  );
  r.get(
    '/api/payment-links',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment links',
        querystring: listQuery,
        response: { 200: listOf(paymentLinkSchema) },
      },
    },
    (request) =>
      listPaymentLinks(db, request.livemode, context.baseUrl, request.query.page, request.query.pageSize),
  );
  r.get(
    '/api/payment-links/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment link', params: idParam, response: { 200: paymentLinkSchema } },
    },
    async (request) => {
      const link = await getPaymentLink(db, request.livemode, request.params.id, context.baseUrl);
      if (!link) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
      return link;
    },
  );
  r.put(
    '/api/payment-links/:id',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Update a payment link (name, active, metadata)',
        params: idParam,
        body: paymentLinkUpdate,
        response: { 200: paymentLinkSchema },
      },
    },
    (request) => updatePaymentLink(db, request.livemode, context.baseUrl, request.params.id, request.body),
  );
}
