import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { pageQuery } from '@kiosk/contracts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  livemode: z.boolean(),
  prefix: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});

export function registerApiKeyRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/api-keys',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Secret API keys (never their secrets)',
        querystring: pageQuery,
        response: { 200: z.object({ list: z.array(apiKeySchema), count: z.number() }) },
      },
    },
    async (request) => listApiKeys(context, request.query),
  );

  r.post(
    '/api/api-keys',
    {
      // The secret is shown once and never stored, so a keyed retry cannot be answered again.
      config: { access: ['admin'], idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Create a secret API key; the secret is in this answer only',
        body: z.object({ name: z.string().trim().min(1).max(100), livemode: z.boolean() }),
        response: { 201: apiKeySchema.extend({ secret: z.string() }) },
      },
    },
    async (request, reply) => {
      const createdBy = request.auth.kind === 'user' ? request.auth.did : '';
      reply.status(201);
      return createApiKey(context, { ...request.body, createdBy });
    },
  );

  r.delete(
    '/api/api-keys/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Revoke a secret API key',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeApiKey(context, request.params.id, request.auth.kind === 'user' ? request.auth.did : '');
      reply.status(204);
      return null;
    },
  );
}
