import { KioskError, newId, nowUnix, randomToken } from '@kiosk/core';
import { dbBoolean } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { sha256 } from '../crypto.ts';
import type { IdentityTables } from '../tables.ts';

type Db = Kysely<IdentityTables>;

export interface ApiKeyView {
  id: string;
  name: string;
  livemode: boolean;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
}

export const API_KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32}$/;
/** last_used_at is a hint for humans; writing it on every call would make each request a write. */
const LAST_USED_RESOLUTION_SECONDS = 60;

export async function createApiKey(
  db: Db,
  input: { name: string; livemode: boolean; createdBy: string },
): Promise<ApiKeyView & { secret: string }> {
  const secret = `sk_${input.livemode ? 'live' : 'test'}_${randomToken(32)}`;
  const row = {
    id: newId('apiKey'),
    name: input.name,
    livemode: input.livemode,
    prefix: secret.slice(0, 12),
    secret_hash: sha256(secret),
    created_by: input.createdBy,
    created_at: nowUnix(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { ...view(row), secret };
}

function view(
  row: Omit<IdentityTables['api_keys'], 'secret_hash' | 'created_by' | 'revoked_at'>,
): ApiKeyView {
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
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ list: ApiKeyView[]; count: number }> {
  const live = db.selectFrom('api_keys').where('revoked_at', 'is', null);
  const rows = await live
    .select(['id', 'name', 'livemode', 'prefix', 'created_at', 'last_used_at'])
    .orderBy('created_at', 'desc')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  const { count } = await live.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { list: rows.map(view), count: Number(count) };
}

export async function revokeApiKey(db: Db, id: string): Promise<void> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowUnix() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new KioskError('API_KEY_NOT_FOUND', { status: 404 });
}

export async function resolveApiKey(
  db: Db,
  secret: string,
): Promise<{ id: string; livemode: boolean; createdBy: string } | undefined> {
  if (!API_KEY_PATTERN.test(secret)) return undefined;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'livemode', 'created_by', 'last_used_at'])
    .where('secret_hash', '=', sha256(secret))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = nowUnix();
  if (row.last_used_at === null || now - Number(row.last_used_at) >= LAST_USED_RESOLUTION_SECONDS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { id: row.id, livemode: dbBoolean.parse(row.livemode), createdBy: row.created_by };
}
