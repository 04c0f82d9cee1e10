import type { ApiKey, CreatedApiKey, PageQuery } from '@kiosk/contracts';
import { KioskError, newId, randomToken } from '@kiosk/core';
import { dbBoolean, transaction } from '@kiosk/db';
import { pageOf } from '@kiosk/platform';
import { sha256 } from '../crypto.ts';
import type { IdentityStore } from '../store.ts';
import type { CredentialKind, IdentityTables } from '../tables.ts';

export const API_KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32}$/;
/** last_used_at is a hint for humans; writing it on every call would make each request a write. */
const LAST_USED_RESOLUTION_SECONDS = 60;

/** A new secret key, recorded (`api_key.created`, never with its secret); the secret is answered once. */
export async function createApiKey(
  store: IdentityStore,
  input: { name: string; livemode: boolean; createdBy: string },
): Promise<CreatedApiKey> {
  const secret = `sk_${input.livemode ? 'live' : 'test'}_${randomToken(32)}`;
  const row = await store.apiKeys.insert(
    store.db,
    {
      id: newId('apiKey'),
      kind: 'secret_key',
      name: input.name,
      livemode: input.livemode,
      prefix: secret.slice(0, 12),
      secret_hash: sha256(secret),
      created_by: input.createdBy,
      created_at: store.clock.nowUnix(),
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
      scope: null,
      permission: null,
      expires_at: null,
    },
    'api_key.created',
  );
  return { ...view(row), secret };
}

function view(row: IdentityTables['api_keys']): ApiKey {
  return {
    id: row.id,
    name: row.name,
    livemode: dbBoolean.parse(row.livemode),
    prefix: row.prefix,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export async function listApiKeys(
  store: IdentityStore,
  paging: PageQuery,
): Promise<{ list: ApiKey[]; count: number }> {
  const live = store.db
    .selectFrom('api_keys')
    .where('kind', '=', 'secret_key')
    .where('revoked_at', 'is', null);
  const { rows, count } = await pageOf<IdentityTables, 'api_keys'>(live, paging);
  return { list: rows.map(view), count };
}

/** Revokes a key, recorded as `api_key.revoked` with who did it. */
export async function revokeApiKey(store: IdentityStore, id: string, revokedBy: string): Promise<void> {
  await transaction(store.db, async (trx) => {
    const row = await trx
      .updateTable('api_keys')
      .set({ revoked_at: store.clock.nowUnix(), revoked_by: revokedBy })
      .where('id', '=', id)
      .where('kind', '=', 'secret_key')
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new KioskError('API_KEY_NOT_FOUND', { status: 404 });
    await store.apiKeys.record(trx, row, 'api_key.revoked');
  });
}

export async function resolveApiKey(
  { db, clock }: Pick<IdentityStore, 'db' | 'clock'>,
  secret: string,
): Promise<{ id: string; livemode: boolean; createdBy: string } | undefined> {
  if (!API_KEY_PATTERN.test(secret)) return undefined;
  const row = await findLiveCredential({ db, clock }, 'secret_key', secret);
  if (!row) return undefined;
  return { id: row.id, livemode: dbBoolean.parse(row.livemode), createdBy: row.created_by };
}

/**
 * The unrevoked, unexpired credential of this kind whose secret this is, its use noted (every
 * kind shares the table, the hash lookup and the note: issue 12 item 3 generalises keys, no second system).
 */
export async function findLiveCredential(
  { db, clock }: Pick<IdentityStore, 'db' | 'clock'>,
  kind: CredentialKind,
  secret: string,
): Promise<IdentityTables['api_keys'] | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('secret_hash', '=', sha256(secret))
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const now = clock.nowUnix();
  if (!row || (row.expires_at !== null && now >= Number(row.expires_at))) return undefined;
  if (row.last_used_at === null || now - Number(row.last_used_at) >= LAST_USED_RESOLUTION_SECONDS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return row;
}
