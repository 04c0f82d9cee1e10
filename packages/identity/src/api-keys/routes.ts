import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityContext } from '../context.ts';
import { apiKeyRoutes } from '@kiosk/contracts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

export function registerApiKeyRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const list = apiKeyRoutes['GET /api/api-keys'];
  r.get(
    list.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Secret API keys (never their secrets)',
        ...list.schema,
      },
    },
    async (request) => listApiKeys(context, request.query),
  );

  const create = apiKeyRoutes['POST /api/api-keys'];
  r.post(
    create.path,
    {
      // The secret is shown once and never stored, so a keyed retry cannot be answered again.
      config: { access: ['admin'], idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Create a secret API key; the secret is in this answer only',
        ...create.schema,
      },
    },
    async (request, reply) => {
      const createdBy = request.auth.kind === 'user' ? request.auth.did : '';
      reply.status(201);
      return createApiKey(context, { ...request.body, createdBy });
    },
  );

  const revoke = apiKeyRoutes['DELETE /api/api-keys/:id'];
  r.delete(
    revoke.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Revoke a secret API key',
        ...revoke.schema,
      },
    },
    async (request, reply) => {
      await revokeApiKey(context, request.params.id, request.auth.kind === 'user' ? request.auth.did : '');
      reply.status(204);
      return null;
    },
  );
}
