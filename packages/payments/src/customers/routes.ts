import { customerRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { buyerDid, MERCHANT } from '../schemas.ts';
import { findCustomerByDid, getCustomer, listCustomers } from './queries.ts';
import { customerInvoiceSummary } from '../invoices/queries.ts';

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  const me = customerRoutes['GET /api/customers/me'];
  r.get(
    me.path,
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary: "The caller's customer in this mode, with what it has paid and owes per currency",
        ...me.schema,
      },
    },
    async (request) => {
      const did = buyerDid(request)!;
      const customer = await findCustomerByDid(deps.db, request.livemode, did);
      if (!customer && !request.query.fallback) throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
      // The checkout form prefills from this before the buyer's first submit creates the customer.
      const answer = customer ?? {
        id: null,
        object: 'customer' as const,
        livemode: request.livemode,
        did,
        name: null,
        fullName: null,
        email: null,
        phone: null,
        address: {},
        metadata: {},
        created_at: null,
        updated_at: null,
        test_clock: null,
      };
      if (request.query.skipSummary) return answer;
      const summary = customer
        ? await customerInvoiceSummary(deps.db, deps.engine, customer.id)
        : { paid: {}, due: {} };
      return { ...answer, summary };
    },
  );
  const sync = customerRoutes['POST /api/customers/sync-to-space'];
  r.post(
    sync.path,
    {
      // Doing it again changes nothing: a key is accepted and not kept. Any buyer can repeat it, so it
      // is limited per IP as sign-in is.
      config: {
        access: ['signedIn', 'authToken'],
        idempotency: 'ignored',
        rateLimit: { max: 30, timeWindow: 60_000 },
      },
      schema: {
        tags,
        summary: 'Seed compatibility: nothing to sync (Kiosk keeps no data space)',
        ...sync.schema,
      },
    },
    // A write returns its answer (the unit of work stores it); sending it here was logged as an error.
    async (_request, reply) => {
      reply.status(204);
      return null;
    },
  );
  const list = customerRoutes['GET /api/customers'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Customers, newest first',
        ...list.schema,
      },
    },
    (request) => listCustomers(deps.db, request.livemode, request.query),
  );
  const get = customerRoutes['GET /api/customers/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'A customer; with `summary`, what it has paid and owes per currency',
        ...get.schema,
      },
    },
    async (request) => {
      const customer = await getCustomer(deps.db, request.livemode, request.params.id);
      if (!customer) throw new KioskError('CUSTOMER_NOT_FOUND', { status: 404 });
      if (!request.query.summary) return customer;
      return { ...customer, summary: await customerInvoiceSummary(deps.db, deps.engine, customer.id) };
    },
  );
}
