import {
  ACCESS_TOKEN_DEFAULT_TTL,
  ACCESS_TOKEN_PATTERN,
  type AccessToken,
  type AccessTokenPermission,
  type CreatedAccessToken,
  type PageQuery,
} from '@kiosk/contracts';
import { isTokenDeletionConfirmed, KioskError, newId, randomToken } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import { findLiveCredential } from '../api-keys/service.ts';
import { sha256 } from '../crypto.ts';
import type { IdentityStore } from '../store.ts';
import type { IdentityTables } from '../tables.ts';
import type { AccessTokenStore } from './store.ts';

type Row = IdentityTables['api_keys'];

/** What a valid token proves: whose it is and what it may touch. */
export interface AccessTokenGrant {
  id: string;
  name: string;
  ownerDid: string;
  scope: string;
  permission: AccessTokenPermission;
  expiresAt: number;
}

function view(row: Row, now: number): AccessToken {
  const expiresAt = Number(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope ?? 'all',
    permission: row.permission ?? 'read',
    status: now >= expiresAt ? 'expired' : 'active',
    created_at: Number(row.created_at),
    expires_at: expiresAt,
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

/**
 * A developer's new access token, recorded (`access_token.created`, never with its secret); the
 * secret is answered here once and only its hash is kept.
 */
export async function createAccessToken(
  store: AccessTokenStore,
  input: {
    ownerDid: string;
    name: string;
    scope: string;
    permission: AccessTokenPermission;
    expiresIn?: number | undefined;
  },
): Promise<CreatedAccessToken> {
  const secret = `kat_${randomToken(40)}`;
  const now = store.clock.nowUnix();
  const row = await store.accessTokens.insert(
    store.db,
    {
      id: newId('accessToken'),
      kind: 'access_token',
      name: input.name.trim(),
      // Store objects are instance-wide: a token is neither test nor live data.
      livemode: true,
      prefix: secret.slice(0, 12),
      secret_hash: sha256(secret),
      created_by: input.ownerDid,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
      scope: input.scope,
      permission: input.permission,
      expires_at: now + (input.expiresIn ?? ACCESS_TOKEN_DEFAULT_TTL),
    },
    'access_token.created',
  );
  return { ...view(row, now), secret };
}

/** The owner's tokens, newest first, expired ones included (so they can be recognised and deleted). */
export async function listAccessTokens(
  store: IdentityStore,
  ownerDid: string,
  paging: PageQuery,
): Promise<{ list: AccessToken[]; count: number }> {
  const owned = store.db
    .selectFrom('api_keys')
    .where('kind', '=', 'access_token')
    .where('created_by', '=', ownerDid)
    .where('revoked_at', 'is', null);
  const { rows, count } = await pageOf<IdentityTables, 'api_keys'>(owned, paging);
  const now = store.clock.nowUnix();
  return { list: rows.map((row) => view(row, now)), count };
}

/**
 * Deletes one of the owner's tokens once its name is typed back (seed 001 §5), recorded as
 * `access_token.deleted`; the row stays as history and the secret stops working at once. Another
 * developer's token is not found, so its existence does not leak.
 */
export async function deleteAccessToken(
  store: AccessTokenStore,
  input: { id: string; ownerDid: string; typedName: string },
): Promise<void> {
  await transaction(store.db, async (trx) => {
    const row = await trx
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', input.id)
      .where('kind', '=', 'access_token')
      .where('created_by', '=', input.ownerDid)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new KioskError('ACCESS_TOKEN_NOT_FOUND', { status: 404 });
    if (!isTokenDeletionConfirmed(input.typedName, row.name))
      throw new KioskError('ACCESS_TOKEN_NAME_MISMATCH', {
        details: [{ path: 'body.name', message: 'validation.accessTokenNameMismatch' }],
      });
    const deleted = await trx
      .updateTable('api_keys')
      .set({ revoked_at: store.clock.nowUnix(), revoked_by: input.ownerDid })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) throw new KioskError('ACCESS_TOKEN_NOT_FOUND', { status: 404 });
    await store.accessTokens.record(trx, deleted, 'access_token.deleted');
  });
}

/** The grant of a live token (not deleted, not expired), or undefined. */
export async function resolveAccessToken(
  store: Pick<IdentityStore, 'db' | 'clock'>,
  secret: string,
): Promise<AccessTokenGrant | undefined> {
  if (!ACCESS_TOKEN_PATTERN.test(secret)) return undefined;
  const row = await findLiveCredential(store, 'access_token', secret);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    ownerDid: row.created_by,
    scope: row.scope ?? 'all',
    permission: row.permission ?? 'read',
    expiresAt: Number(row.expires_at),
  };
}
