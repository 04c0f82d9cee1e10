import { isKioskError, KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@kiosk/core';
import type { AccessTokenPermission } from '@kiosk/contracts';

/** Who a route admits (docs/identity.md §5). */
export const ACCESS = [
  'public',
  'signedIn',
  'developer',
  'admin',
  'owner',
  'apiKey',
  'authToken',
  'accessToken',
] as const;
export type Access = (typeof ACCESS)[number];

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; did: string; roles: Set<Role>; sessionId: string }
  | { kind: 'apiKey'; keyId: string; livemode: boolean; createdBy: string }
  | { kind: 'authToken'; customerDid: string; livemode: boolean }
  | {
      kind: 'accessToken';
      tokenId: string;
      name: string;
      /** The developer who made the token; it acts as them, within its scope and permission. */
      ownerDid: string;
      /** The owner's roles now, not when the token was made. */
      roles: Set<Role>;
      /** `all` of the owner's apps, or one app's DID. */
      scope: string;
      permission: AccessTokenPermission;
      expiresAt: number;
    };

declare module 'fastify' {
  interface FastifyRequest {
    auth: Principal;
    /** Live or test data: the API key's or authToken's mode, else the `livemode` parameter (default true). */
    livemode: boolean;
  }
  interface FastifyContextConfig {
    access?: readonly Access[];
  }
}

const ANONYMOUS: Principal = { kind: 'anonymous' };

export function admits(access: readonly Access[], principal: Principal): boolean {
  return access.some((rule) => {
    switch (rule) {
      case 'public':
        return true;
      case 'signedIn':
        return principal.kind === 'user';
      case 'developer':
        return principal.kind === 'user' && principal.roles.has('developer');
      case 'admin':
        return principal.kind === 'user' && (principal.roles.has('owner') || principal.roles.has('admin'));
      case 'owner':
        return principal.kind === 'user' && principal.roles.has('owner');
      case 'apiKey':
        return principal.kind === 'apiKey';
      case 'authToken':
        return principal.kind === 'authToken';
      case 'accessToken':
        // A developer's token speaks for them only while they are still a developer.
        return principal.kind === 'accessToken' && principal.roles.has('developer');
    }
  });
}

/**
 * Refuses an access token that may not do `permission` to the app `appDid` (403, saying why). Other
 * callers pass: the route's access list and its own rules judge them.
 */
export function checkAccessTokenGrant(
  principal: Principal,
  appDid: string,
  permission: AccessTokenPermission,
): void {
  if (principal.kind !== 'accessToken') return;
  if (permission === 'publish' && principal.permission !== 'publish')
    throw new KioskError('ACCESS_TOKEN_READ_ONLY', { status: 403, params: { name: principal.name } });
  if (principal.scope !== 'all' && principal.scope !== appDid)
    throw new KioskError('ACCESS_TOKEN_OUT_OF_SCOPE', {
      status: 403,
      params: { name: principal.name, scope: principal.scope },
    });
}

/** Paths served by plugins (static files, the docs UI) that are public by nature. */
function declaresByDefault(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/docs');
}

export interface RouteAccess {
  method: string;
  url: string;
  access: readonly Access[];
}

/**
 * Makes every route declare `config.access` (refusing to start otherwise), resolves each request's
 * caller and refuses the ones a route does not admit: 401 for nobody, 403 for the wrong somebody.
 * Registered before any route, so it sees them all; `routes` lists them for the authorisation tests.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolve: (request: FastifyRequest) => Promise<Principal>,
): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest('auth', { getter: (): Principal => ANONYMOUS });
  app.decorateRequest('livemode', true);

  app.addHook('onRoute', (route) => {
    let access = route.config?.access;
    if (!access) {
      if (!declaresByDefault(route.url))
        throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
      access = ['public'];
      route.config = { ...route.config, access };
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? ['public'];
    const principal = await resolve(request).catch((error: unknown) => {
      // An embedded page's authToken lapses while it polls: where anybody may look it is nobody,
      // where a buyer is needed the lapse is the answer.
      if (access.includes('public') && isKioskError(error) && error.code === 'INVALID_AUTH_TOKEN')
        return ANONYMOUS;
      throw error;
    });
    // Shadows the prototype's anonymous getter for this request only.
    Object.defineProperty(request, 'auth', { value: principal, enumerable: true });
    const query = request.query as Record<string, unknown> | undefined;
    request.livemode =
      principal.kind === 'apiKey' || principal.kind === 'authToken'
        ? principal.livemode
        : query?.livemode !== 'false';
    if (!admits(access, principal)) {
      throw new KioskError(principal.kind === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    }
  });
  return routes;
}
