import { merchantCheckoutRoutes as routes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { MERCHANT } from '../../schemas.ts';
import { expireCheckout } from '../../flows/expire-checkout.ts';
import { findSessionRow, listSessions, retrieveSession } from '../queries.ts';
import { createSessionFromInput } from '../../flows/start-checkout.ts';

const tags = ['checkout sessions'];

/** The merchant's side: create sessions for given items, list, read and expire them. */
export function registerMerchantCheckoutRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function ownSession(request: FastifyRequest, id: string) {
    const row = await findSessionRow(deps.db, id);
    if (!row || flag(row.livemode) !== request.livemode)
      throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
    return row;
  }

  const create = routes['POST /api/checkout-sessions'];
  r.post(
    create.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Create a checkout session for given line items',
        ...create.schema,
      },
    },
    async (request, reply) => {
      const id = await createSessionFromInput(deps, request.livemode, request.body);
      reply.status(201);
      return retrieveSession(deps, id);
    },
  );

  const list = routes['GET /api/checkout-sessions'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Checkout sessions',
        ...list.schema,
      },
    },
    (request) => listSessions(deps, request.livemode, request.query),
  );

  const get = routes['GET /api/checkout-sessions/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'A checkout session',
        ...get.schema,
      },
    },
    async (request) => {
      await ownSession(request, request.params.id);
      return retrieveSession(deps, request.params.id);
    },
  );

  const expire = routes['PUT /api/checkout-sessions/:id/expire'];
  r.put(
    expire.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary:
          'Expire an open, unpaid session now (not while a payment for it is being checked); its order owes nothing',
        ...expire.schema,
      },
    },
    async (request) => {
      const row = await ownSession(request, request.params.id);
      const outcome = await expireCheckout(deps, row.id);
      if (outcome === 'payment_in_progress') throw new KioskError('PAYMENT_IN_PROGRESS', { status: 409 });
      if (outcome === 'not_open') throw new KioskError('CHECKOUT_SESSION_NOT_OPEN', { status: 409 });
      return retrieveSession(deps, row.id);
    },
  );
}
