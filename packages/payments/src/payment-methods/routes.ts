import {
  currencyInput,
  currencySchema,
  idParam,
  methodInput,
  methodSchema,
  methodUpdate,
} from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KioskError } from '@kiosk/core';
import { z } from 'zod';
import { MERCHANT } from '../schemas.ts';
import type { Deps } from '../deps.ts';
import {
  createPaymentCurrency,
  createPaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  updatePaymentMethod,
} from './service.ts';

export function registerPaymentMethodRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment methods'];

  r.post(
    '/api/payment-methods',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary:
          'Create a payment method (an EVM chain …) with its currencies; its adapter checks the settings',
        body: methodInput,
        response: { 201: methodSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return createPaymentMethod(deps, request.livemode, request.body);
    },
  );

  r.get(
    '/api/payment-methods',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Payment methods with their currencies',
        response: { 200: z.object({ list: z.array(methodSchema), count: z.number() }) },
      },
    },
    async (request) => {
      const list = await listPaymentMethods(deps.db, request.livemode);
      return { list, count: list.length };
    },
  );

  r.get(
    '/api/payment-methods/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A payment method', params: idParam, response: { 200: methodSchema } },
    },
    async (request) => {
      const method = await getPaymentMethod(deps.db, request.livemode, request.params.id);
      if (!method) throw new KioskError('PAYMENT_METHOD_NOT_FOUND', { status: 404 });
      return method;
    },
  );

  r.put(
    '/api/payment-methods/:id',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Update a payment method',
        params: idParam,
        body: methodUpdate,
        response: { 200: methodSchema },
      },
    },
    async (request) => updatePaymentMethod(deps, request.livemode, request.params.id, request.body),
  );

  r.post(
    '/api/payment-currencies',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Add a currency (a token or the native coin) to a payment method',
        body: currencyInput.extend({ payment_method_id: z.string().min(1).max(64) }),
        response: { 201: currencySchema },
      },
    },
    async (request, reply) => {
      const { payment_method_id, ...input } = request.body;
      reply.status(201);
      return createPaymentCurrency(deps, request.livemode, payment_method_id, input);
    },
  );
}
