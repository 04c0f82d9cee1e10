import { subscriptionRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { admits } from '@kiosk/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../db.ts';
import type { Deps } from '../deps.ts';
import { overdueInvoices, overdueSummary, startOverduePayment } from '../flows/pay-overdue.ts';
import { changePlan, planChangeView } from '../flows/change-plan.ts';
import { pendingUpdateOf } from './view.ts';
import { planOptions } from '../flows/plan-options.ts';
import { buyerDid, buyerOf, MERCHANT } from '../schemas.ts';
import { cancelSubscription, recoverSubscription } from './service.ts';
import { findCustomerByDid, getCustomer } from '../customers/queries.ts';
import { getInvoice } from '../invoices/queries.ts';
import { findSubscriptionRow, getSubscription, listSubscriptions } from './queries.ts';

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
      await cancelSubscription(deps, request.params.id, {
        ...request.body,
        requestedBy: isMerchant(request) ? 'merchant' : 'customer',
      });
      return answer(request.params.id);
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
      await visible(request, request.params.id);
      const outcome = await changePlan(deps, request.params.id, request.body.items);
      return planChangeView(deps, request.params.id, outcome);
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
      const row = await visible(request, request.params.id);
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
      const row = await visible(request, request.params.id);
      return { list: await planOptions(deps, deps.db, row, request.locale) };
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
      await recoverSubscription(deps, request.params.id);
      return answer(request.params.id);
    },
  );

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
      await visible(request, request.params.id);
      const invoices = await overdueInvoices(deps.db, { subscriptionId: request.params.id });
      return {
        subscription: await answer(request.params.id),
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
      if (!customer || (!isMerchant(request) && customer.id !== (await ownCustomerId(request))))
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
