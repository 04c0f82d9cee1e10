import { pageQuery, passportSchema, userSchema } from '@kiosk/contracts';
import { ROLES } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { DID_PATTERN } from '../did.ts';
import { grantPassport, listUsers, revokePassport } from '../users/service.ts';

export function registerPassportRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (auth: { kind: string; did?: string }) => (auth.kind === 'user' ? auth.did! : '');

  r.get(
    '/api/users',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Users and their passports',
        querystring: pageQuery,
        response: { 200: z.object({ list: z.array(userSchema), count: z.number() }) },
      },
    },
    async (request) => listUsers(context.db, request.query),
  );

  r.post(
    '/api/passports',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Grant a role (owners grant admin; owners and admins grant developer and member)',
        body: z.object({ did: z.string().regex(DID_PATTERN, 'validation.did'), role: z.enum(ROLES) }),
        response: { 201: passportSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return grantPassport(context, actor(request.auth), request.body.did, request.body.role);
    },
  );

  r.delete(
    '/api/passports/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Revoke a passport (the last owner stays)',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokePassport(context, actor(request.auth), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
