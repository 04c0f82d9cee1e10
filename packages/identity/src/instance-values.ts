import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generatePrivateKey } from 'viem/accounts';
import type { IdentityStore } from './store.ts';
import type { IdentityTables } from './tables.ts';

type Store = Pick<IdentityStore, 'db' | 'clock'>;

/**
 * Values made once per instance and shared by every server process: the authToken signing key and the
 * app's own wallet key (it signs connect requests). Whoever writes first wins; everyone reads that.
 */
export async function instanceValue({ db, clock }: Store, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('instance_values')
    .values({ name, value: make(), created_at: clock.nowUnix() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('instance_values')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export const authTokenKey = (store: Store) =>
  instanceValue(store, 'auth_token_key', () => randomBytes(32).toString('base64url'));

export const appPrivateKey = (store: Store) => instanceValue(store, 'app_private_key', generatePrivateKey);

/** Marks a one-time event; answers true only for the caller that marked it first. */
export async function claimOnce(db: Kysely<IdentityTables>, name: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('instance_values')
    .values({ name, value: '1', created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}
