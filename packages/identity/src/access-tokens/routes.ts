import { accessTokenRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccessToken, deleteAccessToken, listAccessTokens } from './service.ts';
import type { AccessTokenStore } from './store.ts';

/** The developer a request speaks for: the signed-in user, or the owner of the token it carries. */
function developerOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth.kind === 'user') return auth.did;
  if (auth.kind === 'accessToken') return auth.ownerDid;
  throw new KioskError('FORBIDDEN');
}

/**
 * Developer access tokens (docs/identity.md §4). Making and deleting one needs the developer signed
 * in: a token never mints or removes tokens. Listing and whoami also take a token, for the CLI.
 */
export function registerAccessTokenRoutes(app: FastifyInstance, store: AccessTokenStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const list = accessTokenRoutes['GET /api/developer/access-tokens'];
  r.get(
    list.path,
    {
      config: { access: ['developer', 'accessToken'] },
      schema: {
        tags: ['identity'],
        summary: "The developer's access tokens (never their secrets)",
        ...list.schema,
      },
    },
    async (request) => listAccessTokens(store, developerOf(request), request.query),
  );

  const create = accessTokenRoutes['POST /api/developer/access-tokens'];
  r.post(
    create.path,
    {
      // The secret is shown once and never stored, so a keyed retry cannot be answered again.
      config: { access: ['developer'], idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Create an access token for the CLI; the secret is in this answer only',
        ...create.schema,
      },
    },
    async (request, reply) => {
      const { name, scope, permission, expires_in } = request.body;
      reply.status(201);
      return createAccessToken(store, {
        ownerDid: developerOf(request),
        name,
        scope,
        permission,
        expiresIn: expires_in,
      });
    },
  );

  const remove = accessTokenRoutes['DELETE /api/developer/access-tokens/:id'];
  r.delete(
    remove.path,
    {
      config: { access: ['developer'] },
      schema: {
        tags: ['identity'],
        summary: "Delete an access token; the body's name must be the token's, typed to confirm",
        ...remove.schema,
      },
    },
    async (request, reply) => {
      await deleteAccessToken(store, {
        id: request.params.id,
        ownerDid: developerOf(request),
        typedName: request.body.name,
      });
      reply.status(204);
      return null;
    },
  );

  const whoami = accessTokenRoutes['GET /api/developer/whoami'];
  r.get(
    whoami.path,
    {
      config: { access: ['signedIn', 'accessToken'] },
      schema: { tags: ['identity'], summary: 'Who the caller is, and through which token', ...whoami.schema },
    },
    async (request) => {
      const auth = request.auth;
      if (auth.kind === 'accessToken') {
        return {
          did: auth.ownerDid,
          roles: [...auth.roles].sort(),
          token: {
            id: auth.tokenId,
            name: auth.name,
            scope: auth.scope,
            permission: auth.permission,
            expires_at: auth.expiresAt,
          },
        };
      }
      if (auth.kind !== 'user') throw new KioskError('FORBIDDEN');
      return { did: auth.did, roles: [...auth.roles].sort(), token: null };
    },
  );
}
