import { subscriptionRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getCustomer } from '../customers/queries.ts';
import type { Deps } from '../deps.ts';
import { overdueInvoices, overdueSummary, startOverduePayment } from '../flows/pay-overdue.ts';
import { buyerOf } from '../schemas.ts';
import { SUBSCRIPTION_ACCESS as ACCESS, subscriptionCaller } from './access.ts';
import { getSubscription } from './queries.ts';

const tags = ['subscriptions'];

/** Seed 000 §4: what is overdue, per subscription or customer and per currency, and paying it. */
export function registerOverdueRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => subscriptionCaller(deps, request);

  const subscriptionOverdue = subscriptionRoutes['GET /api/subscriptions/:id/overdue/invoices'];
  r.get(
    subscriptionOverdue.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: "The subscription's overdue invoices, summed per currency (seed 000 §4)",
        ...subscriptionOverdue.schema,
      },
    },
    async (request) => {
      await caller(request).visible(request.params.id);
      const invoices = await overdueInvoices(deps.db, { subscriptionId: request.params.id });
      return {
        subscription: (await getSubscription(deps.db, request.params.id))!,
        invoices,
        summary: await overdueSummary(deps, request.livemode, invoices),
      };
    },
  );

  const customerOverdue = subscriptionRoutes['GET /api/customers/:id/overdue/invoices'];
  r.get(
    customerOverdue.path,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['customers'],
        summary: "Every overdue invoice of the customer's subscriptions, summed per currency (seed 000 §4)",
        ...customerOverdue.schema,
      },
    },
    async (request) => {
      const customer = await getCustomer(deps.db, request.livemode, request.params.id);
      if (
        !customer ||
        (!caller(request).isMerchant && customer.id !== (await caller(request).ownCustomerId()))
      )
        throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
      const invoices = await overdueInvoices(deps.db, { customerId: customer.id });
      return {
        customer,
        invoices,
        subscriptionCount: new Set(invoices.map((invoice) => invoice.subscription_id).filter(Boolean)).size,
        summary: await overdueSummary(deps, request.livemode, invoices),
      };
    },
  );

  const payOverdue = subscriptionRoutes['POST /api/invoices/overdue/pay'];
  r.post(
    payOverdue.path,
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags: ['invoices'],
        summary:
          'Pay what is overdue in one currency by one transfer: answers the intent and how to pay it (seed 000 §4)',
        ...payOverdue.schema,
      },
    },
    (request) => startOverduePayment(deps, buyerOf(request)!, request.livemode, request.body),
  );
}
