import { chargeSchema, idParam, listOf, pageQuery, queryFlag } from '@kiosk/contracts';
import { CHARGE_STATUSES, KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { getCharge, listCharges, recheckChargeByMerchant } from './service.ts';

export function registerChargeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['charges'];

  r.get(
    '/api/charges',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Named payments, newest first: what arrived, what failed and why, what is to be refunded',
        querystring: pageQuery.extend({
          payment_intent_id: z.string().max(64).optional(),
          status: z.enum(CHARGE_STATUSES).optional(),
          refundable: queryFlag.describe('Only charges holding money to return'),
        }),
        response: { 200: listOf(chargeSchema) },
      },
    },
    (request) => listCharges(deps.db, request.livemode, request.query),
  );
  r.get(
    '/api/charges/:id',
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A charge', params: idParam, response: { 200: chargeSchema } },
    },
    async (request) => {
      const charge = await getCharge(deps.db, request.livemode, request.params.id);
      if (!charge) throw new KioskError('CHARGE_NOT_FOUND', { status: 404 });
      return charge;
    },
  );
  r.post(
    '/api/charges/:id/check',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Check a failed charge again (a new round of checks against the chain)',
        params: idParam,
        response: { 200: chargeSchema },
      },
    },
    (request) => recheckChargeByMerchant(deps, request.livemode, request.params.id),
  );
}
