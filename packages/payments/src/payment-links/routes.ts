import {
  idParam,
  listOf,
  pageQuery,
  paymentLinkInput,
  paymentLinkSchema,
  paymentLinkUpdate,
} from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { createPaymentLink, getPaymentLink, listPaymentLinks, updatePaymentLink } from './service.ts';

export function registerPaymentLinkRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      reply.status(201);
      return createPaymentLink(deps, request.livemode, request.body);
    },
  );
  r.get(
    '/api/payment-links',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment links',
        querystring: pageQuery,
        response: { 200: listOf(paymentLinkSchema) },
      },
    },
    (request) => listPaymentLinks(deps.db, request.livemode, deps.baseUrl, request.query),
  );
  r.get(
    '/api/payment-links/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment link', params: idParam, response: { 200: paymentLinkSchema } },
    },
    async (request) => {
      const link = await getPaymentLink(deps.db, request.livemode, request.params.id, deps.baseUrl);
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
    (request) => updatePaymentLink(deps, request.livemode, request.params.id, request.body),
  );
}
