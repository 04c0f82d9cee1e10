import { invoiceListRoutes, invoiceRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { admits } from '@kiosk/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { findCustomerByDid } from '../customers/service.ts';
import { buyerDid, MERCHANT } from '../schemas.ts';
import { getInvoice, listInvoices, markInvoiceUncollectible, voidInvoice } from './service.ts';
import { transaction } from '@kiosk/db';
import { activateAfterPayment, lockSubscription } from '../subscriptions/service.ts';

/** Merchants read every invoice of the mode; buyers (signed in or by authToken) only their own. */
const ACCESS = [...MERCHANT, 'signedIn', 'authToken'] as const;

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  const isMerchant = (request: FastifyRequest) => admits(MERCHANT, request.auth);
  const ownCustomerId = async (request: FastifyRequest) =>
    (await findCustomerByDid(deps.db, request.livemode, buyerDid(request)!))?.id;

  const list = invoiceListRoutes['GET /api/invoices'];
  r.get(
    list.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: "Invoices, newest first (a buyer's own only)",
        ...list.schema,
      },
    },
    async (request) => {
      if (isMerchant(request)) return listInvoices(deps, request.livemode, request.query);
      const own = await ownCustomerId(request);
      const asked = request.query.customer_id;
      if (asked && asked !== own) throw new KioskError('FORBIDDEN');
      if (!own) return { list: [], count: 0, subscription: null };
      return listInvoices(deps, request.livemode, { ...request.query, customer_id: own });
    },
  );
  const get = invoiceRoutes['GET /api/invoices/:id'];
  r.get(
    get.path,
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'An invoice', ...get.schema },
    },
    async (request) => {
      const invoice = await getInvoice(deps.db, request.params.id);
      // A buyer learns nothing of invoices that are not theirs, not even that they exist.
      if (
        !invoice ||
        invoice.livemode !== request.livemode ||
        (!isMerchant(request) && invoice.customer_id !== (await ownCustomerId(request)))
      )
        throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
      return invoice;
    },
  );

  /** A merchant's change of an invoice of their mode, in one transaction with its events. */
  const change = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    act: (trx: typeof deps.db) => Promise<void>,
  ) => {
    const invoice = await getInvoice(deps.db, request.params.id);
    if (!invoice || invoice.livemode !== request.livemode)
      throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
    // A checkout's invoice follows its session: expire the session instead.
    const subscriptionId = invoice.subscription_id;
    if (!subscriptionId) throw new KioskError('INVOICE_OF_CHECKOUT', { status: 409 });
    await transaction(deps.db, async (trx) => {
      await act(trx);
      // A subscription past due only for a voided invoice runs again (nothing is owed).
      const subscription = await lockSubscription(deps, trx, subscriptionId);
      if (subscription.status === 'past_due') await activateAfterPayment(deps, trx, subscription);
    });
    return (await getInvoice(deps.db, request.params.id))!;
  };

  const voided = invoiceRoutes['PUT /api/invoices/:id/void'];
  r.put(
    voided.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'Void an unpaid invoice: nothing is owed any more (final)', ...voided.schema },
    },
    (request) => change(request, (trx) => voidInvoice(deps, trx, request.params.id)),
  );
  const uncollectible = invoiceRoutes['PUT /api/invoices/:id/mark-uncollectible'];
  r.put(
    uncollectible.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Stop collecting an open invoice; it stays payable as past due',
        ...uncollectible.schema,
      },
    },
    (request) => change(request, (trx) => markInvoiceUncollectible(deps, trx, request.params.id)),
  );
}
