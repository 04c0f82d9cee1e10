import type { PageQuery, Passport, SessionUser as User } from '@kiosk/contracts';
import { KioskError, newId, type Role } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { didFromAddress } from '../did.ts';
import { claimOnce } from '../instance-values.ts';
import type { IdentityStore } from '../store.ts';
import type { IdentityTables } from '../tables.ts';

type Db = Kysely<IdentityTables>;

/**
 * Records a sign-in: creates the user on first sight (with a member passport) and makes them owner
 * when they are the instance's first user, or the one `KIOSK_OWNER_DID` names.
 */
export async function recordSignIn(
  store: IdentityStore,
  address: string,
  ownerDid: string | undefined,
): Promise<User> {
  const did = didFromAddress(address);
  const now = store.clock.nowUnix();
  await transaction(store.db, async (trx) => {
    const created = await trx
      .insertInto('users')
      .values({
        did,
        address: address.toLowerCase(),
        name: null,
        avatar: null,
        created_at: now,
        updated_at: now,
        last_login_at: now,
      })
      .onConflict((oc) => oc.column('did').doNothing())
      .returning('did')
      .executeTakeFirst();
    if (created) await grant(store, trx, did, 'member', 'system');
    else await trx.updateTable('users').set({ last_login_at: now }).where('did', '=', did).execute();
    const becomesOwner = ownerDid ? ownerDid === did : await claimOnce(trx, 'owner_bootstrapped', now);
    if (becomesOwner) await grant(store, trx, did, 'owner', 'system');
  });
  return (await findUser(store.db, did))!;
}

/** Adds a live passport (`passport.created`, naming who issued it) unless the user holds that role already. */
export async function grant(
  store: IdentityStore,
  trx: Db,
  did: string,
  role: Role,
  by: string,
): Promise<void> {
  const row = await trx
    .insertInto('passports')
    .values({
      id: newId('passport'),
      user_did: did,
      role,
      issued_by: by,
      issued_at: store.clock.nowUnix(),
      revoked_at: null,
      revoked_by: null,
    })
    .onConflict((oc) => oc.columns(['user_did', 'role']).where('revoked_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) await store.passports.record(trx, row, 'passport.created');
}

export async function findUser(db: Db, did: string): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['did', 'address', 'name', 'avatar'])
    .where('did', '=', did)
    .executeTakeFirst();
  if (!user) return undefined;
  const passports = await db
    .selectFrom('passports')
    .select(['id', 'role', 'issued_at'])
    .where('user_did', '=', did)
    .where('revoked_at', 'is', null)
    .orderBy('issued_at')
    .execute();
  return { ...user, passports };
}

export async function rolesOf(db: Db, did: string): Promise<Set<Role>> {
  const rows = await db
    .selectFrom('passports')
    .select('role')
    .where('user_did', '=', did)
    .where('revoked_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.role));
}

/** Owners grant admin; owners and admins grant developer and member (docs/identity.md §3). */
function mayManage(actorRoles: Set<Role>, role: Role): boolean {
  if (role === 'owner' || role === 'admin') return actorRoles.has('owner');
  return actorRoles.has('owner') || actorRoles.has('admin');
}

export async function grantPassport(
  store: IdentityStore,
  actorDid: string,
  did: string,
  role: Role,
): Promise<Passport> {
  const { db } = store;
  if (!mayManage(await rolesOf(db, actorDid), role)) throw new KioskError('FORBIDDEN');
  if (!(await findUser(db, did))) throw new KioskError('USER_NOT_FOUND', { status: 404, params: { did } });
  await transaction(db, (trx) => grant(store, trx, did, role, actorDid));
  return (await findUser(db, did))!.passports.find((p) => p.role === role)!;
}

/** Revokes a passport (`passport.revoked`); the last owner stays. */
export async function revokePassport(
  store: IdentityStore,
  actorDid: string,
  passportId: string,
): Promise<void> {
  await transaction(store.db, async (trx) => {
    const passport = await trx
      .selectFrom('passports')
      .selectAll()
      .where('id', '=', passportId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!passport) throw new KioskError('PASSPORT_NOT_FOUND', { status: 404 });
    if (!mayManage(await rolesOf(trx, actorDid), passport.role)) throw new KioskError('FORBIDDEN');
    if (passport.role === 'owner') {
      const owners = await trx
        .selectFrom('passports')
        .select('id')
        .where('role', '=', 'owner')
        .where('revoked_at', 'is', null)
        .execute();
      if (owners.length <= 1) throw new KioskError('LAST_OWNER', { status: 409 });
    }
    const revoked = await trx
      .updateTable('passports')
      .set({ revoked_at: store.clock.nowUnix(), revoked_by: actorDid })
      .where('id', '=', passportId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await store.passports.record(trx, revoked, 'passport.revoked');
  });
}

/**
 * Every user, newest first; with `role`, only those holding a live passport of it, the newest
 * passport first (the console's "developer since"). A user holds one live passport per role.
 */
export async function listUsers(
  db: Db,
  { page, pageSize, role }: PageQuery & { role?: Role | undefined },
): Promise<{ list: User[]; count: number }> {
  const offset = (page - 1) * pageSize;
  const holders = (of: Role) =>
    db.selectFrom('passports').where('role', '=', of).where('revoked_at', 'is', null);
  const rows = role
    ? await holders(role)
        .select('user_did as did')
        .orderBy('issued_at', 'desc')
        .orderBy('user_did')
        .limit(pageSize)
        .offset(offset)
        .execute()
    : await db
        .selectFrom('users')
        .select('did')
        .orderBy('created_at', 'desc')
        .orderBy('did')
        .limit(pageSize)
        .offset(offset)
        .execute();
  const { count } = await (
    role
      ? holders(role).select((eb) => eb.fn.countAll<number>().as('count'))
      : db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count'))
  ).executeTakeFirstOrThrow();
  const list = await Promise.all(rows.map((r) => findUser(db, r.did)));
  return { list: list.filter((u): u is User => u !== undefined), count: Number(count) };
}
