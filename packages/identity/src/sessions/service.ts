import { randomToken, SECONDS } from '@kiosk/core';
import { sha256 } from '../crypto.ts';
import type { IdentityStore } from '../store.ts';

type Store = Pick<IdentityStore, 'db' | 'clock'>;

export const SESSION_COOKIE = 'kiosk_session';
export const SESSION_TTL_SECONDS = 30 * SECONDS.day;
export const NONCE_TTL_SECONDS = 5 * SECONDS.minute;

/** Creates a session and answers the token for the cookie; only its hash is stored. */
export async function createSession(
  { db, clock }: Store,
  did: string,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomToken(43);
  const now = clock.nowUnix();
  const expiresAt = now + SESSION_TTL_SECONDS;
  await db
    .insertInto('sessions')
    .values({ id: sha256(token), user_did: did, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export async function resolveSession(
  { db, clock }: Store,
  token: string,
): Promise<{ id: string; did: string } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_did'])
    .where('id', '=', sha256(token))
    .where('expires_at', '>', clock.nowUnix())
    .executeTakeFirst();
  return row && { id: row.id, did: row.user_did };
}

export async function endSession({ db }: Store, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function issueNonce({ db, clock }: Store): Promise<{ nonce: string; expires_at: number }> {
  const nonce = randomToken(24);
  const expires_at = clock.nowUnix() + NONCE_TTL_SECONDS;
  await db.insertInto('auth_nonces').values({ nonce, expires_at, used_at: null }).execute();
  return { nonce, expires_at };
}

/** Uses a nonce up: true for exactly one caller, and only while it is fresh. */
export async function consumeNonce({ db, clock }: Store, nonce: string): Promise<boolean> {
  const now = clock.nowUnix();
  const result = await db
    .updateTable('auth_nonces')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
