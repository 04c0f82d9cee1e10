import type { CliConnection, CreatedAccessToken } from '@kiosk/contracts';
import { KioskError, randomToken, SECONDS } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sameSecret, sha256 } from '../crypto.ts';
import type { CliConnectionClient, CliConnectionStatus, IdentityTables } from '../tables.ts';
import { createAccessToken } from './service.ts';
import type { AccessTokenStore } from './store.ts';

type Row = IdentityTables['cli_connections'];

/** Time enough to switch to the browser, sign in and approve. */
export const CLI_CONNECTION_TTL = 10 * SECONDS.minute;
/** The token's name when the tool does not name itself. */
const DEFAULT_SOURCE: Record<CliConnectionClient, string> = { cli: 'Kiosk CLI', studio: 'Kiosk Studio' };

function view(row: Row): CliConnection {
  return {
    id: row.id,
    client: row.client,
    source: row.source,
    status: row.status,
    expires_at: Number(row.expires_at),
  };
}

/** Opens a connection for the CLI or an editor (`client`): the same flow, approved on its own page. */
export async function openCliConnection(
  store: AccessTokenStore,
  input: { client: CliConnectionClient; source?: string | undefined },
): Promise<CliConnection & { secret: string }> {
  const secret = randomToken(32);
  const now = store.clock.nowUnix();
  const row = await store.cliConnections.insert(
    store.db,
    {
      id: randomToken(32),
      secret_hash: sha256(secret),
      client: input.client,
      source: input.source ?? DEFAULT_SOURCE[input.client],
      status: 'pending',
      approved_by: null,
      token_id: null,
      created_at: now,
      updated_at: now,
      expires_at: now + CLI_CONNECTION_TTL,
    },
    'cli_connection.created',
  );
  return { ...view(row), secret };
}

/** The connection, moved to `expired` first when its time is up; unknown ids are 404. */
async function current(store: AccessTokenStore, id: string): Promise<Row> {
  const row = await store.db
    .selectFrom('cli_connections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new KioskError('CLI_CONNECTION_NOT_FOUND', { status: 404 });
  const waiting = row.status === 'pending' || row.status === 'approved';
  if (!waiting || store.clock.nowUnix() < Number(row.expires_at)) return row;
  const expired = await store.cliConnections.transition(store.db, id, ['pending', 'approved'], 'expired', {
    type: 'cli_connection.expired',
  });
  return expired ?? current(store, id);
}

export async function findCliConnection(store: AccessTokenStore, id: string): Promise<CliConnection> {
  return view(await current(store, id));
}

/** The signed-in developer answers a pending connection; anything else is `409 CLI_CONNECTION_NOT_PENDING`. */
export async function answerCliConnection(
  store: AccessTokenStore,
  input: { id: string; did: string; approve: boolean },
): Promise<CliConnection> {
  const row = await current(store, input.id);
  const to = input.approve ? 'approved' : 'denied';
  const moved =
    row.status === 'pending'
      ? await store.cliConnections.transition(store.db, row.id, 'pending', to, {
          type: `cli_connection.${to}`,
          set: { approved_by: input.approve ? input.did : null },
        })
      : undefined;
  if (!moved)
    throw new KioskError('CLI_CONNECTION_NOT_PENDING', { status: 409, params: { status: row.status } });
  return view(moved);
}

/**
 * The CLI's poll: the status, and once — in the answer that finds it approved — a new access token of
 * the developer who approved it. A wrong secret is answered as an unknown connection.
 */
export async function redeemCliConnection(
  store: AccessTokenStore,
  input: { id: string; secret: string },
): Promise<{ status: CliConnectionStatus; token: CreatedAccessToken | null }> {
  const row = await current(store, input.id).catch(() => undefined);
  if (!row || !sameSecret(sha256(input.secret), row.secret_hash))
    throw new KioskError('CLI_CONNECTION_NOT_FOUND', { status: 404 });
  if (row.status !== 'approved') return { status: row.status, token: null };
  return transaction(store.db, async (trx) => {
    const scoped = { ...store, db: trx };
    const token = await createAccessToken(scoped, {
      ownerDid: row.approved_by!,
      name: row.source,
      scope: 'all',
      permission: 'publish',
    });
    const redeemed = await store.cliConnections.transition(trx, row.id, 'approved', 'redeemed', {
      type: 'cli_connection.redeemed',
      set: { token_id: token.id },
    });
    // Another poll redeemed it first: this one's token is rolled back with the transaction.
    if (!redeemed)
      throw new KioskError('CLI_CONNECTION_NOT_PENDING', { status: 409, params: { status: 'redeemed' } });
    return { status: 'redeemed' as const, token };
  });
}
