import { refundRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { refundCharge } from '../flows/refund-charge.ts';
import { cancelRefund, nameRefundTransfer } from '../flows/refund-transfer.ts';
import { MERCHANT } from '../schemas.ts';
import { findRefundRow, listRefunds } from './queries.ts';
import { refundView } from './view.ts';

export function registerRefundRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refunds'];

  const create = refundRoutes['POST /api/refunds'];
  r.post(
    create.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary:
          'Refund a succeeded charge (or a payment intent’s), all that is left or `amount` of it, through its method',
        ...create.schema,
      },
    },
    async (request, reply) => {
      const refund = await refundCharge(deps, request.livemode, request.body, requestKeyOf(request));
      reply.status(201);
      return refund;
    },
  );
  const list = refundRoutes['GET /api/refunds'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'Refunds, newest first', ...list.schema },
    },
    (request) => listRefunds(deps.db, request.livemode, request.query),
  );
  const get = refundRoutes['GET /api/refunds/:id'];
  r.get(
    get.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'A refund', ...get.schema },
    },
    async (request) => {
      const row = await findRefundRow(deps.db, request.livemode, request.params.id);
      if (!row) throw new KioskError('REFUND_NOT_FOUND', { status: 404 });
      return refundView(row);
    },
  );
  const transfer = refundRoutes['POST /api/refunds/:id/transfer'];
  r.post(
    transfer.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary:
          'Name the transfer you sent for a refund awaiting one (next_action); it succeeds once the rail shows it paid the payer back',
        ...transfer.schema,
      },
    },
    (request) => nameRefundTransfer(deps, request.livemode, request.params.id, request.body.reference),
  );
  const cancel = refundRoutes['POST /api/refunds/:id/cancel'];
  r.post(
    cancel.path,
    {
      config: { access: MERCHANT },
      schema: { tags, summary: 'Give up a refund no transfer was named for', ...cancel.schema },
    },
    (request) => cancelRefund(deps, request.livemode, request.params.id),
  );
}

/**
 * The request's Idempotency-Key with whose it is (the platform's scope: a merchant's session or API
 * key), kept on the refund it makes. The platform validated the header before the handler.
 */
function requestKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  const { auth } = request;
  const scope = auth.kind === 'user' ? `user:${auth.did}` : auth.kind === 'apiKey' ? `key:${auth.keyId}` : '';
  return `${scope}:${key}`;
}
