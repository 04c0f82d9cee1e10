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

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });

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
  resolve: (request: FastifyRequest) => Principal | Promise<Principal>,
): RouteAccess[] {
  const routes: RouteAccess[] = [];
  // Set by the hook below for every request before anything reads it: a plain field, not a getter
  // shadowed per request, keeps every request the same shape.
  app.decorateRequest('auth', null as never);
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

  /** The caller found: noted on the request, and refused unless the route admits them. */
  function admit(
    request: FastifyRequest,
    access: readonly Access[],
    principal: Principal,
  ): KioskError | undefined {
    request.auth = principal;
    const query = request.query as Record<string, unknown> | undefined;
    request.livemode =
      principal.kind === 'apiKey' || principal.kind === 'authToken'
        ? principal.livemode
        : query?.livemode !== 'false';
    if (admits(access, principal)) return undefined;
    return new KioskError(principal.kind === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
  }

  /**
   * An embedded page's authToken lapses while it polls: where anybody may look it is nobody, where a
   * buyer is needed the lapse is the answer.
   */
  function lapsed(access: readonly Access[], error: unknown): Principal {
    if (access.includes('public') && isKioskError(error) && error.code === 'INVALID_AUTH_TOKEN')
      return ANONYMOUS;
    throw error;
  }

  // A callback hook, not an async one: the request without credentials passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access ?? ['public'];
    // A caller refused on the way (an unknown API key) is nobody to what handles the refusal.
    request.auth = ANONYMOUS;
    let principal: Principal | Promise<Principal>;
    try {
      principal = resolve(request);
    } catch (error) {
      principal = Promise.reject(error);
    }
    if (!(principal instanceof Promise)) {
      done(admit(request, access, principal));
      return;
    }
    principal
      .catch((error: unknown) => lapsed(access, error))
      .then((found) => done(admit(request, access, found)), done);
  });
  return routes;
}
