import { paymentMethodRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KioskError } from '@kiosk/core';
import { MERCHANT } from '../schemas.ts';
import type { Deps } from '../deps.ts';
import { createPaymentCurrency, createPaymentMethod, updatePaymentMethod } from './service.ts';
import { getPaymentMethod, listPaymentMethods } from './queries.ts';
import { merchantMethod } from './secret-settings.ts';
import { receiveRailNotice } from '../flows/rail-notice.ts';

export function registerPaymentMethodRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment methods'];

  const create = paymentMethodRoutes['POST /api/payment-methods'];
  r.post(
    create.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary:
          'Create a payment method (an EVM chain …) with its currencies; its adapter checks the settings',
        ...create.schema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return merchantMethod(await createPaymentMethod(deps, request.livemode, request.body));
    },
  );

  const listRoute = paymentMethodRoutes['GET /api/payment-methods'];
  r.get(
    listRoute.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment methods with their currencies',
        ...listRoute.schema,
      },
    },
    async (request) => {
      const list = await listPaymentMethods(deps.db, request.livemode);
      return { list: list.map(merchantMethod), count: list.length };
    },
  );

  const get = paymentMethodRoutes['GET /api/payment-methods/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment method', ...get.schema },
    },
    async (request) => {
      const method = await getPaymentMethod(deps.db, request.livemode, request.params.id);
      if (!method) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
      return merchantMethod(method);
    },
  );

  const update = paymentMethodRoutes['PUT /api/payment-methods/:id'];
  r.put(
    update.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Update a payment method',
        ...update.schema,
      },
    },
    async (request) =>
      merchantMethod(await updatePaymentMethod(deps, request.livemode, request.params.id, request.body)),
  );

  const webhook = paymentMethodRoutes['POST /api/payment-methods/:id/webhook'];
  r.post(
    webhook.path,
    {
      // The rail's signature is the authority: checked by the method's adapter over the raw body.
      config: { access: ['public'] },
      schema: {
        tags,
        summary:
          "The method's rail tells of a payment (a Stripe webhook endpoint): signature checked, then the payment is read from the rail",
        ...webhook.schema,
      },
    },
    async (request) => {
      await receiveRailNotice(deps, request.params.id, {
        body: request.rawBody ?? '',
        headers: request.headers,
      });
      return { received: true as const };
    },
  );

  const addCurrency = paymentMethodRoutes['POST /api/payment-currencies'];
  r.post(
    addCurrency.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Add a currency (a token or the native coin) to a payment method',
        ...addCurrency.schema,
      },
    },
    async (request, reply) => {
      const { payment_method_id, ...input } = request.body;
      reply.status(201);
      return createPaymentCurrency(deps, request.livemode, payment_method_id, input);
    },
  );
}
