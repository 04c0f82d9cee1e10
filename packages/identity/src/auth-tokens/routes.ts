import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { DID_PATTERN } from '../did.ts';
import { AUTH_TOKEN_MAX_TTL, mintAuthToken } from './service.ts';

const principalSchema = z.object({
  kind: z.enum(['user', 'apiKey', 'authToken']),
  did: z.string().nullable(),
  livemode: z.boolean(),
  roles: z.array(z.string()),
});

export function registerAuthTokenRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth-tokens',
    {
      // The token is a credential: it is not kept for a replay.
      config: { access: ['apiKey', 'admin'], idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Mint an authToken for a host app on another origin to act for one customer',
        body: z.object({
          customer_did: z.string().regex(DID_PATTERN, 'validation.did'),
          expires_in: z.number().int().min(60).max(AUTH_TOKEN_MAX_TTL).optional(),
        }),
        response: { 201: z.object({ token: z.string(), expires_at: z.number(), livemode: z.boolean() }) },
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

  r.get(
    '/api/whoami',
    {
      config: { access: ['signedIn', 'apiKey', 'authToken'] },
      schema: {
        tags: ['identity'],
        summary: 'Who the caller is and in which mode',
        response: { 200: principalSchema },
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
