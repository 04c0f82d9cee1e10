import { sessionRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdentityContext } from '../context.ts';
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
  const { token } = await createSession(context, did);
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

  const nonce = sessionRoutes['GET /api/auth/nonce'];
  r.get(
    nonce.path,
    {
      config: { access: ['public'], rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'A single-use nonce for Sign-In with Ethereum (5 minutes)',
        ...nonce.schema,
      },
    },
    async () => issueNonce(context),
  );

  const siwe = sessionRoutes['POST /api/auth/siwe'];
  r.post(
    siwe.path,
    {
      // The answer is a session cookie: it is not kept for a replay.
      config: { access: ['public'], rateLimit, idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Sign in with a signed EIP-4361 message; sets the session cookie',
        ...siwe.schema,
      },
    },
    async (request, reply) => {
      const message = await verifySiwe(
        request.body.message,
        request.body.signature,
        context.siweExpectations(),
      );
      if (!(await consumeNonce(context, message.nonce)))
        throw new KioskError('SIWE_NONCE_INVALID', { status: 401 });
      const user = await recordSignIn(context, message.address, context.ownerDid);
      await startSession(context, reply, user.did);
      request.log.info({ did: user.did }, 'signed in');
      return { user };
    },
  );

  const session = sessionRoutes['GET /api/session'];
  r.get(
    session.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user, or null',
        ...session.schema,
      },
    },
    async (request) => {
      const user =
        request.auth.kind === 'user' ? ((await findUser(context.db, request.auth.did)) ?? null) : null;
      return { user, initialized: true as const, test_wallet: context.testWallet };
    },
  );

  const logout = sessionRoutes['POST /api/auth/logout'];
  r.post(
    logout.path,
    {
      // Anyone may log out: a retry whose first answer was lost finds the session already ended, and
      // logging out again changes nothing, so a key needs no stored answer.
      config: { access: ['public'], idempotency: 'ignored' },
      schema: { tags: ['identity'], summary: 'End the session (if any)', ...logout.schema },
    },
    async (request, reply) => {
      if (request.auth.kind === 'user') await endSession(context, request.auth.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' }).status(204);
      return null;
    },
  );
}
