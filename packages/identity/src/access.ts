import { isKioskError, KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@kiosk/core';

/** Who a route admits (docs/identity.md §5). */
export const ACCESS = ['public', 'signedIn', 'developer', 'admin', 'owner', 'apiKey', 'authToken'] as const;
export type Access = (typeof ACCESS)[number];

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; did: string; roles: Set<Role>; sessionId: string }
  | { kind: 'apiKey'; keyId: string; livemode: boolean; createdBy: string }
  | { kind: 'authToken'; customerDid: string; livemode: boolean };

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
    }
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
