import { subscriptionRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { changePlan, planChangeView } from '../flows/change-plan.ts';
import { discardIncompleteSubscription } from '../flows/expire-checkout.ts';
import { pendingUpdateOf } from './view.ts';
import { planOptions } from '../flows/plan-options.ts';
import { SUBSCRIPTION_ACCESS, subscriptionCaller } from './access.ts';
import { cancelSubscription, recoverSubscription } from './service.ts';
import { getInvoice } from '../invoices/queries.ts';
import { getSubscription, listSubscriptions } from './queries.ts';

const ACCESS = SUBSCRIPTION_ACCESS;

export function registerSubscriptionRoutes(app: FastifyInstance, deps: Deps): void {
  registerSubscriptionReads(app, deps);
  registerSubscriptionChanges(app, deps);
}

const tags = ['subscriptions'];

function registerSubscriptionReads(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => subscriptionCaller(deps, request);

  const list = subscriptionRoutes['GET /api/subscriptions'];
  r.get(
    list.path,
    {
      config: { access: ACCESS },
      schema: { tags, summary: "Subscriptions, newest first (a customer's own only)", ...list.schema },
    },
    async (request) => {
      if (caller(request).isMerchant) return listSubscriptions(deps.db, request.livemode, request.query);
      const own = await caller(request).ownCustomerId();
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
      await caller(request).visible(request.params.id);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );

  const waiting = subscriptionRoutes['GET /api/subscriptions/:id/pending-update'];
  r.get(
    waiting.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'The plan change waiting for its invoice, and how to pay that invoice ("Pay now"; asking for the change again would void it)',
        ...waiting.schema,
      },
    },
    async (request) => {
      const row = await caller(request).visible(request.params.id);
      const pending = pendingUpdateOf(row);
      const invoice = pending && (await getInvoice(deps.db, pending.invoice_id));
      if (!invoice?.payment_intent_id) throw new KioskError('PLAN_CHANGE_NOT_WAITING', { status: 404 });
      return planChangeView(deps, row.id, {
        invoiceId: invoice.id,
        paymentIntentId: invoice.payment_intent_id,
        credit: 0n,
      });
    },
  );

  const plans = subscriptionRoutes['GET /api/subscriptions/:id/plans'];
  r.get(
    plans.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'The plans it may change to, each with what changing would ask now (read-only)',
        ...plans.schema,
      },
    },
    async (request) => {
      const row = await caller(request).visible(request.params.id);
      return { list: await planOptions(deps, deps.db, row, request.locale) };
    },
  );
}

function registerSubscriptionChanges(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => subscriptionCaller(deps, request);

  const cancel = subscriptionRoutes['PUT /api/subscriptions/:id/cancel'];
  r.put(
    cancel.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'Cancel: a paid period runs to its end (a trial ends at once); `at: now` ends it at once; one not paid yet is discarded',
        ...cancel.schema,
      },
    },
    async (request) => {
      const row = await caller(request).visible(request.params.id);
      const cancel = {
        ...request.body,
        requestedBy: caller(request).isMerchant ? ('merchant' as const) : ('customer' as const),
      };
      // Still waiting for its first payment: discarded, with its checkout and unpaid invoice.
      if (row.status === 'incomplete') await discardIncompleteSubscription(deps, row.id, cancel);
      else await cancelSubscription(deps, row.id, cancel);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );

  const update = subscriptionRoutes['PUT /api/subscriptions/:id'];
  r.put(
    update.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'Change plan: a lower price applies at once (its credit goes on the next invoice); a higher one when its invoice is paid',
        ...update.schema,
      },
    },
    async (request) => {
      await caller(request).visible(request.params.id);
      const outcome = await changePlan(deps, request.params.id, request.body.items);
      return planChangeView(deps, request.params.id, outcome);
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
      await caller(request).visible(request.params.id);
      await recoverSubscription(deps, request.params.id);
      return (await getSubscription(deps.db, request.params.id))!;
    },
  );
}
