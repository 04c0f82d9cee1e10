import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { siweAnswer, userSchema } from '../schemas.ts';
import { verifySiwe } from '../siwe.ts';
import { findUser, recordSignIn } from '../users/service.ts';
import {
  consumeNonce,
  createSession,
  endSession,
  issueNonce,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from './service.ts';

export async function startSession(
  context: IdentityContext,
  reply: FastifyReply,
  did: string,
): Promise<void> {
  const { token } = await createSession(context.db, did);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: context.secureCookies,
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function registerSessionRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: context.signInRateLimit, timeWindow: 60_000 };

  r.get(
    '/api/auth/nonce',
    {
      config: { access: ['public'], rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'A single-use nonce for Sign-In with Ethereum (5 minutes)',
        response: { 200: z.object({ nonce: z.string(), expires_at: z.number() }) },
      },
    },
    async () => issueNonce(context.db),
  );

  r.post(
    '/api/auth/siwe',
    {
      config: { access: ['public'], rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'Sign in with a signed EIP-4361 message; sets the session cookie',
        body: siweAnswer,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request, reply) => {
      const message = await verifySiwe(
        request.body.message,
        request.body.signature,
        context.siweExpectations(),
      );
      if (!(await consumeNonce(context.db, message.nonce)))
        throw new KioskError('SIWE_NONCE_INVALID', { status: 401 });
      const user = await recordSignIn(context.db, message.address, context.ownerDid);
      await startSession(context, reply, user.did);
      request.log.info({ did: user.did }, 'signed in');
      return { user };
    },
  );

  r.get(
    '/api/session',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user, or null',
        response: {
          200: z.object({
            user: userSchema.nullable(),
            initialized: z.literal(true),
            test_wallet: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const user =
        request.auth.kind === 'user' ? ((await findUser(context.db, request.auth.did)) ?? null) : null;
      return { user, initialized: true as const, test_wallet: context.testWallet };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: ['signedIn'] },
      schema: { tags: ['identity'], summary: 'End the session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.auth.kind === 'user') await endSession(context.db, request.auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}
