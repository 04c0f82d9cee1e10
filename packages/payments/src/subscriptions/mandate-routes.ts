import { checkoutOptions, subscriptionMandateRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { findCustomerByDid } from '../customers/service.ts';
import { buyerDid } from '../schemas.ts';
import { retrieveSession } from '../checkout-sessions/service.ts';
import { createSetupSession } from '../checkout-sessions/setup.ts';
import { confirmRenewal, renewalInstructions, requestRenewal } from './reauthorise.ts';
import { findSubscriptionRow, getSubscription } from './service.ts';

/** Only the subscription's customer signs its mandates: a merchant cannot authorise for them. */
const ACCESS = ['signedIn', 'authToken'] as const;

export function registerSubscriptionMandateRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  /** The caller's own subscription, and their DID; anyone else's is not found. */
  const own = async (request: FastifyRequest, id: string) => {
    const did = buyerDid(request)!;
    const row = await findSubscriptionRow(deps.db, id);
    const customer = await findCustomerByDid(deps.db, request.livemode, did);
    if (!row || flag(row.livemode) !== request.livemode || row.customer_id !== customer?.id)
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
    return { row, did };
  };

  const ask = subscriptionMandateRoutes['POST /api/subscriptions/:id/mandate'];
  r.post(
    ask.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'Authorise again: the calls of a new mandate replacing the stored one (a dearer plan, a renewal)',
        ...ask.schema,
      },
    },
    async (request) => {
      const { did } = await own(request, request.params.id);
      const { max_per_cycle: max, payment_method: methodId, payment_currency: currencyId } = request.body;
      await transaction(deps.db, (trx) =>
        requestRenewal(deps, trx, request.params.id, {
          maxPerCycle: max === undefined ? undefined : BigInt(max),
          methodId,
          currencyId,
        }),
      );
      const asked = (await findSubscriptionRow(deps.db, request.params.id))!;
      return {
        subscription: (await getSubscription(deps.db, asked.id))!,
        mandateInstructions: await renewalInstructions(deps, asked, did),
      };
    },
  );

  const setup = subscriptionMandateRoutes['POST /api/subscriptions/:id/setup-session'];
  r.post(
    setup.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'A setup session for the subscription: its hosted page authorises from any wallet',
        ...setup.schema,
      },
    },
    async (request, reply) => {
      const { row } = await own(request, request.params.id);
      const id = await createSetupSession(deps, request.livemode, row.id, {
        options: checkoutOptions.parse({}),
      });
      reply.status(201);
      return retrieveSession(deps, id);
    },
  );

  const confirm = subscriptionMandateRoutes['POST /api/subscriptions/:id/mandate/confirm'];
  r.post(
    confirm.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'The wallet has sent the new mandate: the server reads the chain and puts it in place',
        ...confirm.schema,
      },
    },
    async (request) => {
      const { row, did } = await own(request, request.params.id);
      await confirmRenewal(deps, row, did);
      return (await getSubscription(deps.db, row.id))!;
    },
  );
}
