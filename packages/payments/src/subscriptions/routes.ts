import { subscriptionRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { admits } from '@kiosk/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { findCustomerByDid } from '../customers/service.ts';
import { buyerDid, MERCHANT } from '../schemas.ts';
import {
  cancelSubscription,
  findSubscriptionRow,
  getSubscription,
  listSubscriptions,
  recoverSubscription,
} from './service.ts';

/** Merchants act on every subscription of the mode; customers (signed in or by authToken) on their own. */
const ACCESS = [...MERCHANT, 'signedIn', 'authToken'] as const;

export function registerSubscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  const isMerchant = (request: FastifyRequest) => admits(MERCHANT, request.auth);
  const ownCustomerId = async (request: FastifyRequest) =>
    (await findCustomerByDid(deps.db, request.livemode, buyerDid(request)!))?.id;
  /** The subscription if the caller may see it; a customer learns nothing of others', not even that they exist. */
  const visible = async (request: FastifyRequest, id: string) => {
    const row = await findSubscriptionRow(deps.db, id);
    if (
      !row ||
      flag(row.livemode) !== request.livemode ||
      (!isMerchant(request) && row.customer_id !== (await ownCustomerId(request)))
    )
      throw new KioskError('SUBSCRIPTION_NOT_FOUND', { status: 404 });
    return row;
  };
  const answer = async (id: string) => (await getSubscription(deps.db, id))!;

  const list = subscriptionRoutes['GET /api/subscriptions'];
  r.get(
    list.path,
    {
      config: { access: ACCESS },
      schema: { tags, summary: "Subscriptions, newest first (a customer's own only)", ...list.schema },
    },
    async (request) => {
      if (isMerchant(request)) return listSubscriptions(deps.db, request.livemode, request.query);
      const own = await ownCustomerId(request);
      const asked = request.query.customer_id;
      if (asked && asked !== own) throw new KioskError('FORBIDDEN');
      if (!own) return { list: [], count: 0 };
      return listSubscriptions(deps.db, request.livemode, { ...request.query, customer_id: own });
    },
  );

  const get = subscriptionRoutes['GET /api/subscriptions/:id'];
  r.get(
    get.path,
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'A subscription with its items and prices', ...get.schema },
    },
    async (request) => {
      await visible(request, request.params.id);
      return answer(request.params.id);
    },
  );

  const cancel = subscriptionRoutes['PUT /api/subscriptions/:id/cancel'];
  r.put(
    cancel.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'Cancel: a paid period runs to its end (a trial ends at once); `at: now` ends it at once',
        ...cancel.schema,
      },
    },
    async (request) => {
      await visible(request, request.params.id);
      await transaction(deps.db, (trx) =>
        cancelSubscription(deps, trx, request.params.id, {
          ...request.body,
          requestedBy: isMerchant(request) ? 'merchant' : 'customer',
        }),
      );
      return answer(request.params.id);
    },
  );

  const recover = subscriptionRoutes['PUT /api/subscriptions/:id/recover'];
  r.put(
    recover.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'Undo a cancel scheduled for the period end: it renews on its next date',
        ...recover.schema,
      },
    },
    async (request) => {
      await visible(request, request.params.id);
      await transaction(deps.db, (trx) => recoverSubscription(deps, trx, request.params.id));
      return answer(request.params.id);
    },
  );
}
