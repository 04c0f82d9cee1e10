import { connectSessionMachine, KioskError, randomToken, SECONDS } from '@kiosk/core';
import { askFirst, dbBoolean } from '@kiosk/db';
import { IllegalTransitionError } from '@kiosk/platform';
import { sameSecret, sha256 } from '../crypto.ts';
import { verifySiwe, type SiweExpectations } from '../siwe.ts';
import type { IdentityStore } from '../store.ts';
import type { IdentityTables } from '../tables.ts';
import { didFromAddress } from '../did.ts';
import { connectSessionJson } from './table.ts';
import type { ConnectAction } from './actions.ts';

/**
 * Connect sessions: a page asks a wallet on another device to do something (sign in, pay … see
 * actions.ts). The token is public (it is in the QR code); the page keeps the secret, which is
 * needed to read the outcome. Protocol: docs/identity.md §2.
 */

type Store = Pick<IdentityStore, 'db' | 'clock'>;
type Row = IdentityTables['connect_sessions'];
export type ConnectStatus = Row['status'];

export const CONNECT_TTL_SECONDS = 5 * SECONDS.minute;

/** Told of every status change, to push it to pages listening on the realtime socket. */
export type ConnectNotifier = (token: string, status: ConnectStatus, error: string | null) => Promise<void>;

export async function openConnectSession(store: Store, action: string, params: Record<string, unknown>) {
  const token = randomToken(32);
  const secret = randomToken(32);
  const now = store.clock.nowUnix();
  const expires_at = now + CONNECT_TTL_SECONDS;
  await store.db
    .insertInto('connect_sessions')
    .values({
      token,
      secret_hash: sha256(secret),
      action,
      status: 'created',
      params: connectSessionJson.params.write(params),
      nonce: randomToken(24),
      did: null,
      error: null,
      redeemed: false,
      created_at: now,
      updated_at: now,
      expires_at,
    })
    .execute();
  return { token, secret, expires_at };
}

/** A session nobody answered in time has expired, whether or not its row says so yet. */
function hasExpired(row: Row, now: number): boolean {
  return (row.status === 'created' || row.status === 'scanned') && row.expires_at <= now;
}

/** The session for `token`, with an expired one marked so; a missing one is the seed's connect error. */
export async function loadConnectSession(store: Store, token: string, notify: ConnectNotifier): Promise<Row> {
  const row = await store.db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
  if (hasExpired(row, store.clock.nowUnix())) {
    await moveSession(store, token, ['created', 'scanned'], 'expired', {}, notify);
    return { ...row, status: 'expired' };
  }
  return row;
}

/**
 * What another part of the server may know of a session: its action, params and status (an expired
 * one reads `expired`). It only reads; the wallet's own requests mark the row and tell the page.
 */
export async function findConnectSession(
  store: Store,
  token: string,
): Promise<{ action: string; params: Record<string, unknown>; status: ConnectStatus } | undefined> {
  const row = await store.db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    action: row.action,
    params: storedParams(row),
    status: hasExpired(row, store.clock.nowUnix()) ? 'expired' : row.status,
  };
}

export function checkSecret(row: Row, secret: string): void {
  if (!sameSecret(row.secret_hash, sha256(secret)))
    throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
}

/**
 * Moves the session from one of `from` to `to`, with the DID or the refusal's code, and tells the
 * page. Every status change goes through here and core's connectSessionMachine: a pair it does not
 * allow throws IllegalTransitionError before the row is touched. Only a session in one of `from` right
 * now moves (compare-and-set): of two racing requests one wins, and the other is answered `false`.
 */
async function moveSession(
  store: Store,
  token: string,
  from: readonly ConnectStatus[],
  to: ConnectStatus,
  set: Partial<Pick<Row, 'did' | 'error'>>,
  notify: ConnectNotifier,
): Promise<boolean> {
  for (const source of from)
    if (!connectSessionMachine.allows(source, to))
      throw new IllegalTransitionError(connectSessionMachine.resource, source, to);
  const result = await store.db
    .updateTable('connect_sessions')
    .set({ ...set, status: to, updated_at: store.clock.nowUnix() })
    .where('token', '=', token)
    .where('status', 'in', from)
    .executeTakeFirst();
  const changed = result.numUpdatedRows > 0n;
  if (changed) await notify(token, to, set.error ?? null);
  return changed;
}

/** A session a wallet may still answer, reached through its own action's path. */
async function answerable(
  store: Store,
  token: string,
  action: string,
  notify: ConnectNotifier,
): Promise<Row> {
  const row = await loadConnectSession(store, token, notify);
  if (row.action !== action || (row.status !== 'created' && row.status !== 'scanned')) {
    throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
  }
  return row;
}

/** The params the action's `open` answered when the session opened. */
export function storedParams(row: Row): Record<string, unknown> {
  return connectSessionJson.params.read(row.params);
}

/**
 * What a wallet is asked to sign, with the action's description of what else it is asked to do;
 * fetching it moves the session to `scanned`.
 */
export async function requestForWallet(
  store: Store,
  token: string,
  name: string,
  action: ConnectAction,
  notify: ConnectNotifier,
): Promise<{ row: Row; description: Record<string, unknown> }> {
  const row = await answerable(store, token, name, notify);
  const description = (await action.describe?.(storedParams(row))) ?? {};
  await moveSession(store, token, ['created'], 'scanned', {}, notify);
  return { row, description };
}

/**
 * A wallet's answer: a SIWE message over the session's nonce, then whatever the action checks and
 * does with the rest of the answer. Refusals fail the session. What the action asks the outside world
 * (`ask`: a chain, say) is asked with the signature's check, before anything is written.
 */
export async function answerConnectSession(
  store: Store,
  token: string,
  name: string,
  action: ConnectAction,
  answer: { message: string; signature: string; fields: Record<string, unknown> },
  expected: SiweExpectations,
  notify: ConnectNotifier,
): Promise<{ did: string }> {
  try {
    const { params, did, asked } = await askFirst(async () => {
      const row = await answerableNow(store, token, name);
      const message = await verifySiwe(answer.message, answer.signature, expected);
      if (message.nonce !== row.nonce) throw new KioskError('SIWE_NONCE_INVALID', { status: 401 });
      const did = didFromAddress(message.address);
      const params = storedParams(row);
      return { params, did, asked: await action.ask?.(params, did, answer.fields) };
    });
    await action.complete?.(params, did, answer.fields, asked);
    const won = await moveSession(store, token, ['created', 'scanned'], 'succeeded', { did }, notify);
    if (!won) throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
    return { did };
  } catch (error) {
    if (error instanceof KioskError && error.code !== 'CONNECT_SESSION_INVALID') {
      await moveSession(store, token, ['created', 'scanned'], 'failed', { error: error.code }, notify);
    }
    // An answer after the session's time marks it expired, as a look at it would.
    if (error instanceof KioskError && error.code === 'CONNECT_SESSION_INVALID')
      await loadConnectSession(store, token, notify).catch(() => undefined);
    throw error;
  }
}

/** A session a wallet may still answer through its own action's path, read without a write. */
async function answerableNow(store: Store, token: string, action: string): Promise<Row> {
  const row = await store.db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (
    !row ||
    row.action !== action ||
    (row.status !== 'created' && row.status !== 'scanned') ||
    hasExpired(row, store.clock.nowUnix())
  )
    throw new KioskError('CONNECT_SESSION_INVALID', { status: 404 });
  return row;
}

/** Marks a succeeded login as used; answers the DID only to the one caller that redeemed it. */
export async function redeemLogin(store: Store, token: string): Promise<string | undefined> {
  const result = await store.db
    .updateTable('connect_sessions')
    .set({ redeemed: true, updated_at: store.clock.nowUnix() })
    .where('token', '=', token)
    .where('status', '=', 'succeeded')
    .where('redeemed', '=', false)
    .returning('did')
    .executeTakeFirst();
  return result?.did ?? undefined;
}

export function isRedeemed(row: Row): boolean {
  return dbBoolean.parse(row.redeemed);
}

/** Whether the holder of `secret` may watch the connect session `token` (the realtime socket asks). */
export async function canWatch(store: Store, token: string, secret: string): Promise<boolean> {
  const row = await store.db
    .selectFrom('connect_sessions')
    .select('secret_hash')
    .where('token', '=', token)
    .executeTakeFirst();
  return row !== undefined && sameSecret(row.secret_hash, sha256(secret));
}
