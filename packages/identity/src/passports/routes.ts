import { passportRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityContext } from '../context.ts';
import { grantPassport, listUsers, revokePassport } from '../users/service.ts';

export function registerPassportRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (auth: { kind: string; did?: string }) => (auth.kind === 'user' ? auth.did! : '');

  const users = passportRoutes['GET /api/users'];
  r.get(
    users.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Users and their passports',
        ...users.schema,
      },
    },
    async (request) => listUsers(context.db, request.query),
  );

  const grant = passportRoutes['POST /api/passports'];
  r.post(
    grant.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Grant a role (owners grant admin; owners and admins grant developer and member)',
        ...grant.schema,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return grantPassport(context, actor(request.auth), request.body.did, request.body.role);
    },
  );

  const revoke = passportRoutes['DELETE /api/passports/:id'];
  r.delete(
    revoke.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Revoke a passport (the last owner stays)',
        ...revoke.schema,
      },
    },
    async (request, reply) => {
      await revokePassport(context, actor(request.auth), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
