import type { MigrationSet } from '@kiosk/db';
import { createIdentityTables } from './20261122_10_identity.ts';
import { addRevokedBy } from './20261123_10_identity_revoked_by.ts';
import { addAccessTokens } from './20261125_40_identity_access_tokens.ts';
import { addConnectionClient } from './20261127_10_identity_connection_client.ts';
import { createJoinRequests } from './20261127_11_identity_join_requests.ts';

/**
 * Identity's migrations, one file each, named as they are recorded in the database. Migrations are
 * history: a file is never edited once released; a change of schema is a new file, added here.
 */
export const identityMigrations: MigrationSet = {
  '20261122_10_identity': createIdentityTables,
  '20261123_10_identity_revoked_by': addRevokedBy,
  '20261125_40_identity_access_tokens': addAccessTokens,
  '20261127_10_identity_connection_client': addConnectionClient,
  '20261127_11_identity_join_requests': createJoinRequests,
};
