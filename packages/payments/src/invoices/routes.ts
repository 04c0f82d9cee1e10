import { invoiceListRoutes, invoiceRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { admits } from '@kiosk/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { buyerDid, MERCHANT } from '../schemas.ts';
import { closeInvoice } from '../flows/close-invoice.ts';
import { findCustomerByDid } from '../customers/queries.ts';
import { getInvoice, listInvoices } from './queries.ts';
import { readInvoicePdf, renderInvoicePdf } from './pdf.ts';

/** Merchants read every invoice of the mode; buyers (signed in or by authToken) only their own. */
const ACCESS = [...MERCHANT, 'signedIn', 'authToken'] as const;

export function registerInvoiceRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  const isMerchant = (request: FastifyRequest) => admits(MERCHANT, request.auth);
  const ownCustomerId = async (request: FastifyRequest) =>
    (await findCustomerByDid(deps.db, request.livemode, buyerDid(request)!))?.id;
  /**
   * The invoice `id` as the caller may read it: a buyer learns nothing of invoices that are not
   * theirs, not even that they exist.
   */
  const visibleInvoice = async (request: FastifyRequest, id: string) => {
    const invoice = await getInvoice(deps.db, id);
    if (
      !invoice ||
      invoice.livemode !== request.livemode ||
      (!isMerchant(request) && invoice.customer_id !== (await ownCustomerId(request)))
    )
      throw new KioskError('INVOICE_NOT_FOUND', { status: 404 });
    return invoice;
  };

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
    (request) => visibleInvoice(request, request.params.id),
  );
  const pdf = invoiceRoutes['GET /api/invoices/:id/pdf'];
  r.get(
    pdf.path,
    {
      config: { access: ACCESS },
      schema: { tags, summary: 'An invoice as a PDF (en or zh)', ...pdf.schema },
    },
    async (request, reply) => {
      const invoice = await visibleInvoice(request, request.params.id);
      // Every read first; the drawing is CPU work on what was read, in no transaction.
      const read = await readInvoicePdf(deps, invoice);
      const bytes = await renderInvoicePdf(read, request.query.lang ?? request.locale);
      const filename = `${invoice.number || invoice.id}.pdf`.replace(/[^\w.-]/g, '_');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(bytes);
    },
  );

  const voided = invoiceRoutes['PUT /api/invoices/:id/void'];
  r.put(
    voided.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'Void an unpaid invoice: nothing is owed any more (final)', ...voided.schema },
    },
    (request) => closeInvoice(deps, request.livemode, request.params.id, 'void'),
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
    (request) => closeInvoice(deps, request.livemode, request.params.id, 'uncollectible'),
  );
}
