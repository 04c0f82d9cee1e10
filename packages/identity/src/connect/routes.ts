import { connectRoutes, walletConnectRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityContext } from '../context.ts';
import { didFromAddress } from '../did.ts';
import { startSession } from '../sessions/routes.ts';
import { recordSignIn } from '../users/service.ts';
import {
  answerConnectSession,
  checkSecret,
  loadConnectSession,
  openConnectSession,
  redeemLogin,
  requestForWallet,
  storedParams,
} from './service.ts';

const SIWE_STATEMENT = 'Sign in to Kiosk';

/** JSON with sorted keys: the exact text the app signs and a wallet re-creates to verify. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Fields checked against an action's schema, or 400 with a detail per field (paths under `where`). */
function checked(
  schema: z.ZodType<Record<string, unknown>> | undefined,
  fields: Record<string, unknown>,
  where: string,
): Record<string, unknown> {
  if (!schema) return fields;
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new KioskError('VALIDATION_FAILED', {
    details: parsed.error.issues.map((issue) => ({
      path: [where, ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

/** Connect sessions: the page opens one and reads its outcome, a wallet reads the request and answers. */
export function registerConnectRoutes(app: FastifyInstance, context: IdentityContext): void {
  registerPageRoutes(app, context);
  registerWalletRoutes(app, context);
}

/** Sign-ins are rate limited per caller, both where a session is opened and where it is answered. */
const rateLimitOf = (context: IdentityContext) => ({ max: context.signInRateLimit, timeWindow: 60_000 });

/** The app as a wallet shows and pins it. */
const appInfo = (context: IdentityContext) => ({
  name: 'Kiosk',
  url: context.baseUrl,
  did: didFromAddress(context.appAccount.address),
});

/** The page's side: open a session (its QR code and deep link) and read its outcome. */
function registerPageRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authUrl = (action: string, token: string) => `${context.baseUrl}/api/did/${action}/auth?_t_=${token}`;

  const open = connectRoutes['POST /api/did/:action/token'];
  r.post(
    open.path,
    {
      // The page's secret is in the answer only: it is not kept for a replay.
      config: { access: ['public'], rateLimit: rateLimitOf(context), idempotency: 'refused' },
      schema: {
        tags: ['connect'],
        summary: 'Open a connect session (shown as a QR code and a deep link)',
        ...open.schema,
      },
    },
    async (request) => {
      const { action } = request.params;
      const spec = context.connectActions.get(action);
      const params = await spec.open(checked(spec.params, request.body?.params ?? {}, 'body.params'));
      const opened = await openConnectSession(context, action, params);
      const url = authUrl(action, opened.token);
      return {
        ...opened,
        auth_url: url,
        deep_link: `kiosk://connect?url=${encodeURIComponent(url)}`,
        status: 'created' as const,
      };
    },
  );

  const status = connectRoutes['GET /api/did/:action/status'];
  r.get(
    status.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['connect'],
        summary: "A connect session's outcome (needs the page's secret); a succeeded login signs the page in",
        ...status.schema,
      },
    },
    async (request, reply) => {
      context.connectActions.get(request.params.action); // an unknown action is a 404 here too
      const row = await loadConnectSession(context, request.query._t_, context.notify);
      checkSecret(row, request.query.secret);
      if (row.action !== request.params.action)
        throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
      if (row.action === 'login' && row.status === 'succeeded') {
        const did = await redeemLogin(context, row.token);
        if (did) {
          await recordSignIn(context, did.slice(did.lastIndexOf(':') + 1), context.ownerDid);
          await startSession(context, reply, did);
        }
      }
      return { status: row.status, error: row.error, did: row.did };
    },
  );
}

/** The wallet's side: the app's identity, the signed request, and the signed answer. */
function registerWalletRoutes(app: FastifyInstance, context: IdentityContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const appRoute = walletConnectRoutes['GET /api/did/app'];
  r.get(
    appRoute.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['connect'],
        summary: "The app's identity, for wallets to pin",
        ...appRoute.schema,
      },
    },
    async () => appInfo(context),
  );

  const walletAsk = walletConnectRoutes['GET /api/did/:action/auth'];
  r.get(
    walletAsk.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['connect'],
        summary: 'Wallet side: the signed request to answer, with what the action asks beside signing in',
        ...walletAsk.schema,
      },
    },
    async (request) => {
      const { action } = request.params;
      const { row, description } = await requestForWallet(
        context,
        request.query._t_,
        action,
        context.connectActions.get(action),
        context.notify,
      );
      const site = new URL(context.baseUrl);
      // The description is signed with the rest: a wallet pays exactly what this app asked for.
      const body = {
        ...description,
        action: row.action,
        token: row.token,
        app: appInfo(context),
        siwe: {
          domain: site.host,
          uri: site.origin,
          nonce: row.nonce,
          statement: SIWE_STATEMENT,
          version: '1',
          issuedAt: new Date(context.clock.nowMs()).toISOString(),
          expirationTime: new Date(row.expires_at * 1000).toISOString(),
        },
        params: storedParams(row),
        expires_at: row.expires_at,
      };
      return {
        ...body,
        app_signature: await context.appAccount.signMessage({ message: canonicalJson(body) }),
      };
    },
  );

  const walletAnswer = walletConnectRoutes['POST /api/did/:action/auth'];
  r.post(
    walletAnswer.path,
    {
      config: { access: ['public'], rateLimit: rateLimitOf(context) },
      schema: {
        tags: ['connect'],
        summary: "Wallet side: a signed EIP-4361 message over the session's nonce, and the action's fields",
        ...walletAnswer.schema,
      },
    },
    async (request) => {
      const action = context.connectActions.get(request.params.action);
      // A malformed answer proves nothing: it is refused before the session is touched.
      const { message, signature, ...rest } = request.body;
      const { did } = await answerConnectSession(
        context,
        request.query._t_,
        request.params.action,
        action,
        { message, signature, fields: checked(action.answer, rest, 'body') },
        context.siweExpectations(),
        context.notify,
      );
      return { status: 'succeeded' as const, did };
    },
  );
}
