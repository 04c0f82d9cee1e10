import { subscriptionPauseRoutes, subscriptionStakeRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { startSlash } from '../flows/slash-stake.ts';
import { pauseSubscription, resumeSubscription } from './pause.ts';
import { findSubscriptionRow, getSubscription } from './queries.ts';

/** The merchant's own actions on a subscription: pause and resume its collection, slash its stake. */
export function registerSubscriptionMerchantRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  /** A subscription of the request's mode. */
  const ofMode = async (request: FastifyRequest, id: string) => {
    const row = await findSubscriptionRow(deps.db, id);
    if (!row || flag(row.livemode) !== request.livemode)
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
  };

  const pause = subscriptionPauseRoutes['PUT /api/subscriptions/:id/pause'];
  r.put(
    pause.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'Pause collection: no invoices, the periods stop', ...pause.schema },
    },
    async (request) => {
      await ofMode(request, request.params.id);
      await pauseSubscription(deps, request.params.id);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );

  const resume = subscriptionPauseRoutes['PUT /api/subscriptions/:id/resume'];
  r.put(
    resume.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Resume collection on the old billing dates (the rest of this period is free)',
        ...resume.schema,
      },
    },
    async (request) => {
      await ofMode(request, request.params.id);
      await resumeSubscription(deps, request.params.id);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );

  const slash = subscriptionStakeRoutes['PUT /api/subscriptions/:id/slash-stake'];
  r.put(
    slash.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: "Pay a past-due subscription's overdue invoices from its stake (the chain moves it next)",
        ...slash.schema,
      },
    },
    async (request, reply) => {
      await ofMode(request, request.params.id);
      await startSlash(deps, request.params.id, request.body.reason);
      reply.status(202);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );
}
