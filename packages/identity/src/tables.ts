import type { CliConnectionRow } from './access-tokens/table.ts';
import type { ApiKeyRow } from './api-keys/table.ts';
import type { ConnectSessionRow } from './connect/table.ts';
import type { InstanceValueRow } from './instance-values/table.ts';
import type { JoinRequestRow } from './join-requests/table.ts';
import type { PassportRow } from './passports/table.ts';
import type { AuthNonceRow, SessionRow } from './sessions/table.ts';
import type { UserRow } from './users/table.ts';

/**
 * Identity's tables; times are unix seconds. Nothing outside this package reads them. Each is
 * defined beside the resource that owns it (`{resource}/table.ts`) and made by the migrations in
 * migrations/.
 */
export interface IdentityTables {
  users: UserRow;
  passports: PassportRow;
  sessions: SessionRow;
  auth_nonces: AuthNonceRow;
  connect_sessions: ConnectSessionRow;
  api_keys: ApiKeyRow;
  cli_connections: CliConnectionRow;
  developer_join_requests: JoinRequestRow;
  instance_values: InstanceValueRow;
}

export type { CliConnectionClient, CliConnectionStatus } from './access-tokens/table.ts';
export type { CredentialKind } from './api-keys/table.ts';
export type { JoinRequestStatus } from './join-requests/table.ts';
export { identityMigrations } from './migrations/index.ts';
