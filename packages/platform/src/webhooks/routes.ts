import { webhookEndpointRoutes as routes } from '@kiosk/contracts';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebhookContext } from './context.ts';
import { listDeliveries, resendDelivery } from './deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  retrieveEndpoint,
  rollSecret,
  updateEndpoint,
} from './endpoints.ts';

/**
 * The merchant's webhook endpoints and their delivery log, in the request's mode. `access` is who may
 * call them (identity names the callers, above the platform): the owner and admins, and API keys.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  ctx: WebhookContext,
  access: NonNullable<FastifyContextConfig['access']>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhook endpoints'];
  const config = { access };
  // The answer holds the secret, shown once and never stored with an Idempotency-Key's answer.
  const showsSecret = { access, idempotency: 'refused' as const };

  const create = routes['POST /api/webhook-endpoints'];
  r.post(
    create.path,
    {
      config: showsSecret,
      schema: {
        tags,
        summary: 'Add an endpoint; its signing secret is answered this once',
        ...create.schema,
      },
    },
    async (request, reply) => {
      const endpoint = await createEndpoint(ctx, request.livemode, request.body);
      reply.status(201);
      return endpoint;
    },
  );
  const list = routes['GET /api/webhook-endpoints'];
  r.get(
    list.path,
    { config, schema: { tags, summary: 'Endpoints, newest first', ...list.schema } },
    (request) => listEndpoints(ctx, request.livemode, request.query),
  );
  const get = routes['GET /api/webhook-endpoints/:id'];
  r.get(get.path, { config, schema: { tags, summary: 'An endpoint', ...get.schema } }, (request) =>
    retrieveEndpoint(ctx, request.livemode, request.params.id),
  );
  const update = routes['PUT /api/webhook-endpoints/:id'];
  r.put(
    update.path,
    {
      config,
      schema: { tags, summary: 'Change its URL, events, description, or disable it', ...update.schema },
    },
    (request) => updateEndpoint(ctx, request.livemode, request.params.id, request.body),
  );
  const remove = routes['DELETE /api/webhook-endpoints/:id'];
  r.delete(
    remove.path,
    { config, schema: { tags, summary: 'Delete an endpoint and its delivery log', ...remove.schema } },
    (request) => deleteEndpoint(ctx, request.livemode, request.params.id),
  );
  const roll = routes['POST /api/webhook-endpoints/:id/roll-secret'];
  r.post(
    roll.path,
    {
      config: showsSecret,
      schema: {
        tags,
        summary: 'A new signing secret, answered this once; the old one stops',
        ...roll.schema,
      },
    },
    (request) => rollSecret(ctx, request.livemode, request.params.id),
  );
  const deliveries = routes['GET /api/webhook-endpoints/:id/deliveries'];
  r.get(
    deliveries.path,
    { config, schema: { tags, summary: "An endpoint's deliveries, newest first", ...deliveries.schema } },
    (request) => listDeliveries(ctx, request.livemode, request.params.id, request.query),
  );
  const resend = routes['POST /api/webhook-deliveries/:id/resend'];
  r.post(
    resend.path,
    { config, schema: { tags, summary: 'Send a delivery again now', ...resend.schema } },
    (request) => resendDelivery(ctx, request.livemode, request.params.id),
  );
}
