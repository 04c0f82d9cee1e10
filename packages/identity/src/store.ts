import type { Clock, Platform } from '@kiosk/platform';
import type { Kysely } from 'kysely';
import type { ApiKeyEvent, PassportEvent } from './events.ts';
import type { IdentityTables } from './tables.ts';

/**
 * What identity's services work with: its tables, the clock, and the resources whose changes are
 * recorded as events (who created or revoked an API key, who granted or revoked a role).
 */
export interface IdentityStore {
  db: Kysely<IdentityTables>;
  clock: Clock;
  apiKeys: ReturnType<typeof identityResources>['apiKeys'];
  passports: ReturnType<typeof identityResources>['passports'];
}

export function identityStore(platform: Platform): IdentityStore {
  return {
    db: platform.database.db as Kysely<IdentityTables>,
    clock: platform.clock,
    ...identityResources(platform),
  };
}

function identityResources(platform: Platform) {
  return {
    apiKeys: platform.resource<IdentityTables['api_keys'], ApiKeyEvent>({
      table: 'api_keys',
      objectType: 'api_key',
      // Never the secret's hash: events go out to webhooks.
      snapshot: ({ secret_hash: _secret, ...key }) => ({ ...key, livemode: Boolean(key.livemode) }),
    }),
    passports: platform.resource<IdentityTables['passports'], PassportEvent>({
      table: 'passports',
      objectType: 'passport',
      snapshot: (passport) => passport,
      // Roles belong to the instance, not to test or live data.
      livemode: () => true,
    }),
  };
}
