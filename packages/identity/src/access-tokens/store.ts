import type { Platform } from '@kiosk/platform';
import type { AccessTokenEvent, CliConnectionEvent } from '../events.ts';
import { identityStore, type IdentityStore } from '../store.ts';
import type { CliConnectionStatus, IdentityTables } from '../tables.ts';
import { cliConnectionMachine } from './cli-connection-machine.ts';

/** Identity's store, with access tokens as a resource of their own over the shared key table. */
export interface AccessTokenStore extends IdentityStore {
  accessTokens: ReturnType<typeof accessTokenResource>;
  cliConnections: ReturnType<typeof cliConnectionResource>;
}

export function accessTokenStore(platform: Platform): AccessTokenStore {
  return {
    ...identityStore(platform),
    accessTokens: accessTokenResource(platform),
    cliConnections: cliConnectionResource(platform),
  };
}

function cliConnectionResource(platform: Platform) {
  return platform.stateful<IdentityTables['cli_connections'], CliConnectionStatus, CliConnectionEvent>({
    table: 'cli_connections',
    objectType: 'cli_connection',
    machine: cliConnectionMachine,
    snapshot: ({ secret_hash: _secret, ...connection }) => connection,
    livemode: () => true,
  });
}

function accessTokenResource(platform: Platform) {
  return platform.resource<IdentityTables['api_keys'], AccessTokenEvent>({
    table: 'api_keys',
    objectType: 'access_token',
    // Never the secret's hash, nor the merchant-only fields a token does not have.
    snapshot: ({ secret_hash: _secret, livemode: _livemode, kind: _kind, ...token }) => token,
    // Tokens belong to the store, which is instance-wide, not to test or live data.
    livemode: () => true,
  });
}
