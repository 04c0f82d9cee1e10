import { paymentLinkRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { createPaymentLink, updatePaymentLink } from './service.ts';
import { getPaymentLink, listPaymentLinks } from './queries.ts';

export function registerPaymentLinkRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment links'];

  const create = paymentLinkRoutes['POST /api/payment-links'];
  r.post(
    create.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Create a payment link',
        ...create.schema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createPaymentLink(deps, request.livemode, request.body);
    },
  );
  const list = paymentLinkRoutes['GET /api/payment-links'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment links',
        ...list.schema,
      },
    },
    (request) => listPaymentLinks(deps.db, request.livemode, deps.baseUrl, request.query),
  );
  const get = paymentLinkRoutes['GET /api/payment-links/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment link', ...get.schema },
    },
    async (request) => {
      const link = await getPaymentLink(deps.db, request.livemode, request.params.id, deps.baseUrl);
      if (!link) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
      return link;
    },
  );
  const update = paymentLinkRoutes['PUT /api/payment-links/:id'];
  r.put(
    update.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Update a payment link (name, active, metadata)',
        ...update.schema,
      },
    },
    (request) => updatePaymentLink(deps, request.livemode, request.params.id, request.body),
  );
}
