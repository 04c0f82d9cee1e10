export {
  ACCESS,
  admits,
  checkAccessTokenGrant,
  type Access,
  type Principal,
  type RouteAccess,
} from './access.ts';
export { identityPlugin, type IdentityOptions } from './plugin.ts';
export { didFromAddress } from './did.ts';
export { instanceValue } from './instance-values.ts';
export { identityMigrations } from './tables.ts';
export { canonicalJson } from './connect/routes.ts';
export { ConnectActions, type ConnectAction } from './connect/actions.ts';

import type { Platform } from '@kiosk/platform';
import { createApiKey as create } from './api-keys/service.ts';
import { canWatch, findConnectSession as find } from './connect/service.ts';
import { identityStore } from './store.ts';

export function canWatchConnectSession(platform: Platform, token: string, secret: string): Promise<boolean> {
  return canWatch(identityStore(platform), token, secret);
}

/** A connect session's action, params and status (`expired` once its time is up), or undefined. */
export function findConnectSession(platform: Platform, token: string) {
  return find(identityStore(platform), token);
}

/** A secret API key made by the server itself (the demo's back end); answers its secret once. */
export function createApiKey(
  platform: Platform,
  input: { name: string; livemode: boolean; createdBy: string },
) {
  return create(identityStore(platform), input);
}
