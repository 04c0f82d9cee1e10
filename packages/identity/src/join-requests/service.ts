import type { JoinRequest, PageQuery } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { isUniqueViolation, transaction } from '@kiosk/db';
import type { Kysely } from 'kysely';
import type { IdentityTables, JoinRequestStatus } from '../tables.ts';
import { grant, rolesOf } from '../users/service.ts';
import type { JoinRequestStore } from './store.ts';

type Db = Kysely<IdentityTables>;
type Row = IdentityTables['developer_join_requests'];

function view(row: Row, name: string | null): JoinRequest {
  return {
    id: row.id,
    object: 'join_request',
    did: row.did,
    name,
    message: row.message,
    status: row.status,
    terms_accepted_at: Number(row.terms_accepted_at),
    decided_by: row.decided_by,
    decided_at: row.decided_at === null ? null : Number(row.decided_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

async function withName(db: Db, row: Row): Promise<JoinRequest> {
  const user = await db.selectFrom('users').select('name').where('did', '=', row.did).executeTakeFirst();
  return view(row, user?.name ?? null);
}

function pendingOf(db: Db, did: string): Promise<Row | undefined> {
  return db
    .selectFrom('developer_join_requests')
    .selectAll()
    .where('did', '=', did)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

function latestOf(db: Db, did: string): Promise<Row | undefined> {
  return db
    .selectFrom('developer_join_requests')
    .selectAll()
    .where('did', '=', did)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Asks to join as a developer, the terms ticked (the route admits nothing else). A developer is
 * `409 ALREADY_DEVELOPER`; a user with a pending request gets that one back (`created: false`), so a
 * double submit makes one request.
 */
export async function submitJoinRequest(
  store: JoinRequestStore,
  input: { did: string; message?: string | undefined },
): Promise<{ request: JoinRequest; created: boolean }> {
  const attempt = () =>
    transaction(store.db, async (trx) => {
      if ((await rolesOf(trx, input.did)).has('developer'))
        throw new KioskError('ALREADY_DEVELOPER', { status: 409 });
      const pending = await pendingOf(trx, input.did);
      if (pending) return { row: pending, created: false };
      const now = store.clock.nowUnix();
      const row = await store.joinRequests.insert(
        trx,
        {
          id: newId('joinRequest'),
          did: input.did,
          message: input.message || null,
          terms_accepted_at: now,
          status: 'pending',
          decided_by: null,
          decided_at: null,
          created_at: now,
          updated_at: now,
        },
        'join_request.created',
      );
      return { row, created: true };
    });
  let outcome: { row: Row; created: boolean };
  try {
    outcome = await attempt();
  } catch (error) {
    // A racing submit of the same user committed first: the index keeps one pending, answer it.
    const pending = isUniqueViolation(error) ? await pendingOf(store.db, input.did) : undefined;
    if (!pending) throw error;
    outcome = { row: pending, created: false };
  }
  return { request: await withName(store.db, outcome.row), created: outcome.created };
}

/** The user's latest request, whatever its status, or null when they never asked. */
export async function findMyJoinRequest(store: JoinRequestStore, did: string): Promise<JoinRequest | null> {
  const row = await latestOf(store.db, did);
  return row ? withName(store.db, row) : null;
}

/** The user withdraws their pending request; none is `404`, a decided one `409 JOIN_REQUEST_NOT_PENDING`. */
export async function withdrawJoinRequest(store: JoinRequestStore, did: string): Promise<JoinRequest> {
  const pending = await pendingOf(store.db, did);
  const moved =
    pending &&
    (await store.joinRequests.transition(store.db, pending.id, 'pending', 'withdrawn', {
      type: 'join_request.withdrawn',
      set: { decided_by: did, decided_at: store.clock.nowUnix() },
    }));
  if (moved) return withName(store.db, moved);
  const latest = await latestOf(store.db, did);
  if (!latest) throw new KioskError('JOIN_REQUEST_NOT_FOUND', { status: 404 });
  throw new KioskError('JOIN_REQUEST_NOT_PENDING', { status: 409, params: { status: latest.status } });
}

/**
 * An admin approves or declines a pending request (anything else is `409 JOIN_REQUEST_NOT_PENDING`).
 * Approving grants the developer passport in the same transaction: both happen, or neither.
 */
export async function decideJoinRequest(
  store: JoinRequestStore,
  input: { id: string; adminDid: string; approve: boolean },
): Promise<JoinRequest> {
  const to = input.approve ? 'approved' : 'declined';
  const row = await transaction(store.db, async (trx) => {
    const current = await trx
      .selectFrom('developer_join_requests')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!current) throw new KioskError('JOIN_REQUEST_NOT_FOUND', { status: 404 });
    const moved = await store.joinRequests.transition(trx, current.id, 'pending', to, {
      type: `join_request.${to}`,
      set: { decided_by: input.adminDid, decided_at: store.clock.nowUnix() },
    });
    if (!moved)
      throw new KioskError('JOIN_REQUEST_NOT_PENDING', { status: 409, params: { status: current.status } });
    if (input.approve) await grant(store, trx, moved.did, 'developer', input.adminDid);
    return moved;
  });
  return withName(store.db, row);
}

/**
 * The admins' list of one status with each user's name: pending ones waiting longest first, decided
 * ones newest first. `starting_after` continues after that id in the same order.
 */
export async function listJoinRequests(
  store: JoinRequestStore,
  query: PageQuery & { status: JoinRequestStatus },
): Promise<{ list: JoinRequest[]; count: number }> {
  const { db } = store;
  const oldestFirst = query.status === 'pending';
  let rows = db
    .selectFrom('developer_join_requests as r')
    .leftJoin('users as u', 'u.did', 'r.did')
    .selectAll('r')
    .select('u.name as name')
    .where('r.status', '=', query.status);
  if (query.starting_after) rows = rows.where('r.id', oldestFirst ? '>' : '<', query.starting_after);
  const page = await rows
    .orderBy('r.id', oldestFirst ? 'asc' : 'desc')
    .limit(query.pageSize)
    .offset(query.starting_after ? 0 : (query.page - 1) * query.pageSize)
    .execute();
  const { count } = await db
    .selectFrom('developer_join_requests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', query.status)
    .executeTakeFirstOrThrow();
  return { list: page.map(({ name, ...row }) => view(row, name)), count: Number(count) };
}
