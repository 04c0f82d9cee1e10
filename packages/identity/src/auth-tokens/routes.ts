import { authTokenRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityContext } from '../context.ts';
import { mintAuthToken } from './service.ts';

export function registerAuthTokenRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const mint = authTokenRoutes['POST /api/auth-tokens'];
  r.post(
    mint.path,
    {
      // The token is a credential: it is not kept for a replay.
      config: { access: ['apiKey', 'admin'], idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Mint an authToken for a host app on another origin to act for one customer',
        ...mint.schema,
      },
    },
    async (request, reply) => {
      const minted = mintAuthToken(
        context.authTokenKey,
        {
          customerDid: request.body.customer_did,
          livemode: request.livemode,
          expiresIn: request.body.expires_in,
        },
        context.clock.nowUnix(),
      );
      reply.status(201);
      return { ...minted, livemode: request.livemode };
    },
  );

  const whoami = authTokenRoutes['GET /api/whoami'];
  r.get(
    whoami.path,
    {
      config: { access: ['signedIn', 'apiKey', 'authToken'] },
      schema: {
        tags: ['identity'],
        summary: 'Who the caller is and in which mode',
        ...whoami.schema,
      },
    },
    async (request) => {
      const auth = request.auth;
      return {
        kind: auth.kind as 'user' | 'apiKey' | 'authToken',
        did: auth.kind === 'user' ? auth.did : auth.kind === 'authToken' ? auth.customerDid : null,
        livemode: request.livemode,
        roles: auth.kind === 'user' ? [...auth.roles].sort() : [],
      };
    },
  );
}
