export { ACCESS, admits, type Access, type Principal, type RouteAccess } from './access.ts';
export { identityPlugin, type IdentityOptions } from './plugin.ts';
export { didFromAddress, DID_PATTERN } from './did.ts';
export { identityMigrations, ROLES, type Role } from './tables.ts';
export { canonicalJson } from './connect/routes.ts';
export { ConnectActions, type ConnectAction } from './connect/actions.ts';

import type { Database } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { canWatch } from './connect/service.ts';
import type { IdentityTables } from './tables.ts';

export function canWatchConnectSession(database: Database, token: string, secret: string): Promise<boolean> {
  return canWatch(database.db as Kysely<IdentityTables>, token, secret);
}
export { createApiKey } from './api-keys/service.ts';
