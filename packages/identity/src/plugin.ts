import { KioskError } from '@kiosk/core';
import type { Platform } from '@kiosk/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANONYMOUS, registerAccessControl, type Principal, type RouteAccess } from './access.ts';
import { registerCliConnectionRoutes } from './access-tokens/cli-connection-routes.ts';
import { registerAccessTokenRoutes } from './access-tokens/routes.ts';
import { resolveAccessToken } from './access-tokens/service.ts';
import { accessTokenStore } from './access-tokens/store.ts';
import { registerApiKeyRoutes } from './api-keys/routes.ts';
import { resolveApiKey } from './api-keys/service.ts';
import { registerAuthTokenRoutes } from './auth-tokens/routes.ts';
import { verifyAuthToken } from './auth-tokens/service.ts';
import type { ConnectActions } from './connect/actions.ts';
import { registerConnectRoutes } from './connect/routes.ts';
import type { ConnectNotifier } from './connect/service.ts';
import type { IdentityContext } from './context.ts';
import { appPrivateKey, authTokenKey } from './instance-values.ts';
import { registerJoinRequestRoutes } from './join-requests/routes.ts';
import { joinRequestStore } from './join-requests/store.ts';
import { registerPassportRoutes } from './passports/routes.ts';
import { registerSessionRoutes } from './sessions/routes.ts';
import { resolveSession, SESSION_COOKIE } from './sessions/service.ts';
import { expectedSiteOf } from './siwe.ts';
import { identityStore } from './store.ts';
import { rolesOf } from './users/service.ts';

export interface IdentityOptions {
  platform: Platform;
  baseUrl: string;
  ownerDid?: string | undefined;
  /** Tells pages (`GET /api/session`) that the server's test wallet is on (the server's demo plugin). */
  testWallet?: boolean;
  signInRateLimit?: number;
  /** The connect actions: `login`, and those other modules register (the server shares it with them). */
  connectActions: ConnectActions;
  /** Pushes connect-session status to pages (the realtime socket). */
  notify?: ConnectNotifier;
  /** Filled with every route and who it admits, for the authorisation tests. */
  routes?: RouteAccess[];
  /** Other sites whose pages may call the API (KIOSK_CORS_ORIGINS), beside this server's own. */
  trustedOrigins?: string[];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function identity(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const store = identityStore(options.platform);
  const site = expectedSiteOf(options.baseUrl);
  const context: IdentityContext = {
    ...store,
    baseUrl: options.baseUrl,
    ownerDid: options.ownerDid,
    secureCookies: options.baseUrl.startsWith('https://'),
    authTokenKey: await authTokenKey(store),
    appAccount: privateKeyToAccount((await appPrivateKey(store)) as Hex),
    notify: options.notify ?? (async () => undefined),
    connectActions: options.connectActions,
    siweExpectations: () => ({ ...site, now: new Date(store.clock.nowMs()) }),
    signInRateLimit: options.signInRateLimit ?? 30,
    testWallet: options.testWallet ?? false,
  };

  const trustedOrigins = new Set([...site.origins, ...(options.trustedOrigins ?? [])]);

  /**
   * A browser sends a session cookie wherever the request comes from, so a write on a signed-in
   * user's behalf must come from a page of this site or of one it trusts. A request without Origin
   * is not from a browser page (browsers send it on every write), and has no site to judge.
   */
  function checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (READS.has(request.method) || origin === undefined || trustedOrigins.has(origin)) return;
    throw new KioskError('CROSS_SITE_REQUEST', { status: 403 });
  }

  /**
   * Who calls. A request that presents no credential (most reads: a checkout page polling, the
   * store's pages) is answered at once, without a promise: that is most of the API's traffic.
   */
  function resolve(request: FastifyRequest): Principal | Promise<Principal> {
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer '))
      return resolveBearer(authorization.slice('Bearer '.length).trim());
    const query = request.query as Record<string, unknown> | undefined;
    const headerToken = request.headers['x-auth-token'];
    const token =
      typeof query?.authToken === 'string'
        ? query.authToken
        : typeof headerToken === 'string'
          ? headerToken
          : undefined;
    if (token) {
      const claims = verifyAuthToken(context.authTokenKey, token, store.clock.nowUnix());
      if (!claims) throw new KioskError('INVALID_AUTH_TOKEN', { status: 401 });
      return { kind: 'authToken', customerDid: claims.sub, livemode: claims.livemode };
    }
    const cookie = request.cookies[SESSION_COOKIE];
    return cookie ? resolveSignedIn(request, cookie) : ANONYMOUS;
  }

  async function resolveBearer(secret: string): Promise<Principal> {
    if (secret.startsWith('kat_')) {
      const token = await resolveAccessToken(store, secret);
      // Unknown, expired and deleted alike: nothing about the token is told to its bearer.
      if (!token) throw new KioskError('INVALID_ACCESS_TOKEN', { status: 401 });
      return {
        kind: 'accessToken',
        tokenId: token.id,
        name: token.name,
        ownerDid: token.ownerDid,
        roles: await rolesOf(store.db, token.ownerDid),
        scope: token.scope,
        permission: token.permission,
        expiresAt: token.expiresAt,
      };
    }
    const key = await resolveApiKey(store, secret);
    if (!key) throw new KioskError('INVALID_API_KEY', { status: 401 });
    return { kind: 'apiKey', keyId: key.id, livemode: key.livemode, createdBy: key.createdBy };
  }

  async function resolveSignedIn(request: FastifyRequest, cookie: string): Promise<Principal> {
    const session = await resolveSession(store, cookie);
    if (!session) return ANONYMOUS;
    checkOrigin(request);
    return {
      kind: 'user',
      did: session.did,
      sessionId: session.id,
      roles: await rolesOf(store.db, session.did),
    };
  }

  const routes = registerAccessControl(app, resolve);
  if (options.routes) {
    const target = options.routes;
    app.addHook('onReady', async () => void target.push(...routes));
  }
  registerSessionRoutes(app, context);
  registerConnectRoutes(app, context);
  registerPassportRoutes(app, context);
  registerJoinRequestRoutes(app, joinRequestStore(options.platform));
  registerApiKeyRoutes(app, context);
  registerAuthTokenRoutes(app, context);
  const tokens = accessTokenStore(options.platform);
  registerAccessTokenRoutes(app, tokens);
  registerCliConnectionRoutes(app, tokens, {
    baseUrl: options.baseUrl,
    rateLimit: { max: context.signInRateLimit, timeWindow: 60_000 },
  });
}

/**
 * Sign-in, sessions, connect sessions, roles, API keys, developer access tokens and authTokens;
 * registered before any other route.
 */
export const identityPlugin = fp(identity, { name: 'kiosk-identity' });
