import { chargeRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { getCharge, listCharges } from './queries.ts';
import { recheckChargeByMerchant } from '../flows/claim-payment.ts';

export function registerChargeRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['charges'];

  const list = chargeRoutes['GET /api/charges'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Named payments, newest first: what arrived, what failed and why, what is to be refunded',
        ...list.schema,
      },
    },
    (request) => listCharges(deps.db, request.livemode, request.query),
  );
  const get = chargeRoutes['GET /api/charges/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A charge', ...get.schema },
    },
    async (request) => {
      const charge = await getCharge(deps.db, request.livemode, request.params.id);
      if (!charge) throw new KioskError('CHARGE_NOT_FOUND', { status: 404 });
      return charge;
    },
  );
  const check = chargeRoutes['POST /api/charges/:id/check'];
  r.post(
    check.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Check a failed charge again (a new round of checks against the chain)',
        ...check.schema,
      },
    },
    (request) => recheckChargeByMerchant(deps, request.livemode, request.params.id),
  );
}
