import { KioskError } from '@kiosk/core';
import type { Engine } from '@kiosk/db';
import type { Kysely } from 'kysely';
import type { PayingTx } from './judge.ts';
import { readAccountKey, receivingAddress, type BitcoinNetwork } from './keys.ts';

/**
 * The Bitcoin method's receiving addresses (migration 20261128_30): each payment gets the account's
 * next unused index, so a payment is recognised by where it arrives, and an address never serves two
 * payments. Written only inside the caller's transaction (deriving is pure: no I/O).
 */

export interface BitcoinAccountRow {
  account: string;
  next_index: number;
  last_paid_index: number;
  created_at: number;
  updated_at: number;
}

export interface BitcoinAddressRow {
  address: string;
  account: string;
  derivation_index: number;
  livemode: boolean | number;
  payment_method_id: string;
  payment_key: string;
  /** Satoshis asked, a decimal string. */
  amount: string;
  expires_at: number;
  paid_at: number | null;
  /** The paying transactions as last seen (JSON of PayingTx[]), to tell what changed since. */
  observed: string;
  /**
   * When its paid payment's blocks were found REORG_WINDOW_BLOCKS deep (migration 20261203_20): from
   * then on no reorg is looked for (reorgs.ts). Null while it is unpaid or still watched.
   */
  beyond_reorgs_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface BitcoinTables {
  bitcoin_accounts: BitcoinAccountRow;
  bitcoin_addresses: BitcoinAddressRow;
}

export type BitcoinDb = Kysely<BitcoinTables>;

/**
 * BIP44's gap limit, which wallets restoring the account from its key scan by: after 20 unused
 * addresses in a row they stop looking. Kiosk never has more than this many addresses unpaid and
 * not yet expired past the account's last paid one. Beyond it a new payment is refused (409
 * BITCOIN_ADDRESS_GAP_LIMIT) until one of them is paid or expires, rather than derived where the
 * merchant's wallet would not look for it. (Expired unpaid addresses still widen the gap a wallet
 * sees: a merchant with many abandoned checkouts raises their wallet's gap limit.)
 */
export const GAP_LIMIT = 20;

/** Where one account's indices are counted: its key on its network. */
export const accountOf = (settings: { network: BitcoinNetwork; xpub: string }) =>
  `${settings.network}:${settings.xpub}`;

export interface AddressRequest {
  settings: { network: BitcoinNetwork; xpub: string };
  methodId: string;
  livemode: boolean;
  /** What the address is for (a checkout session, else a payment intent): asked again, the same address. */
  paymentKey: string;
  amount: bigint;
  expiresAt: number;
  now: number;
}

/**
 * The payment's address: the one it was given before (its amount brought to what it asks now while
 * nothing paid it), or the account's next index. Runs in the caller's transaction; the account's row
 * is locked first, so submits racing on PostgreSQL take one index each, and two asks for one payment
 * one address.
 */
export async function assignAddress(
  trx: BitcoinDb,
  engine: Engine,
  request: AddressRequest,
): Promise<BitcoinAddressRow> {
  const account = accountOf(request.settings);
  const { now } = request;
  await trx
    .insertInto('bitcoin_accounts')
    .values({ account, next_index: 0, last_paid_index: -1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
  let lock = trx.selectFrom('bitcoin_accounts').selectAll().where('account', '=', account);
  if (engine === 'postgres') lock = lock.forUpdate();
  const counter = await lock.executeTakeFirstOrThrow();

  const given = await trx
    .selectFrom('bitcoin_addresses')
    .selectAll()
    .where('account', '=', account)
    .where('payment_key', '=', request.paymentKey)
    .executeTakeFirst();
  if (given) return reaimed(trx, given, request);

  const waiting = await trx
    .selectFrom('bitcoin_addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account', '=', account)
    .where('derivation_index', '>', Number(counter.last_paid_index))
    .where('paid_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(waiting.count) >= GAP_LIMIT)
    throw new KioskError('BITCOIN_ADDRESS_GAP_LIMIT', { status: 409, params: { limit: GAP_LIMIT } });

  const key = readAccountKey(request.settings.xpub, request.settings.network);
  // The settings were checked when the method was saved; a key that no longer reads is a bug.
  if (!('chain' in key)) throw new Error(`bitcoin: the method's key does not read: ${key.problem}`);
  const index = Number(counter.next_index);
  const row: BitcoinAddressRow = {
    address: receivingAddress(key.chain, index, request.settings.network),
    account,
    derivation_index: index,
    livemode: request.livemode,
    payment_method_id: request.methodId,
    payment_key: request.paymentKey,
    amount: request.amount.toString(),
    expires_at: request.expiresAt,
    paid_at: null,
    observed: '[]',
    beyond_reorgs_at: null,
    created_at: now,
    updated_at: now,
  };
  await trx
    .updateTable('bitcoin_accounts')
    .set({ next_index: index + 1, updated_at: now })
    .where('account', '=', account)
    .execute();
  await trx.insertInto('bitcoin_addresses').values(row).execute();
  return row;
}

/** An address asked for again: what it asks follows the order until something reached it. */
async function reaimed(trx: BitcoinDb, row: BitcoinAddressRow, request: AddressRequest) {
  const untouched = row.paid_at === null && observedTxs(row).length === 0;
  if (!untouched || (BigInt(row.amount) === request.amount && Number(row.expires_at) === request.expiresAt))
    return row;
  const change = {
    amount: request.amount.toString(),
    expires_at: request.expiresAt,
    updated_at: request.now,
  };
  await trx.updateTable('bitcoin_addresses').set(change).where('address', '=', row.address).execute();
  return { ...row, ...change };
}

export const observedTxs = (row: Pick<BitcoinAddressRow, 'observed'>): PayingTx[] =>
  JSON.parse(row.observed) as PayingTx[];

export function findAddress(db: BitcoinDb, address: string): Promise<BitcoinAddressRow | undefined> {
  return db.selectFrom('bitcoin_addresses').selectAll().where('address', '=', address).executeTakeFirst();
}

/**
 * The paid addresses of a method whose payments a reorg may still undo (reorgs.ts), through the
 * partial index `bitcoin_addresses_watched`.
 */
export function watchedAddresses(db: BitcoinDb, methodId: string): Promise<BitcoinAddressRow[]> {
  return db
    .selectFrom('bitcoin_addresses')
    .selectAll()
    .where('payment_method_id', '=', methodId)
    .where('paid_at', 'is not', null)
    .where('beyond_reorgs_at', 'is', null)
    .orderBy('address')
    .execute();
}

/** Payments buried deep enough that no reorg is looked for any more. */
export async function markBeyondReorgs(trx: BitcoinDb, addresses: string[], now: number): Promise<void> {
  if (addresses.length === 0) return;
  await trx
    .updateTable('bitcoin_addresses')
    .set({ beyond_reorgs_at: now, updated_at: now })
    .where('address', 'in', addresses)
    .where('paid_at', 'is not', null)
    .execute();
}

/**
 * What the last check saw paying the address, and whether it is paid: a paid address moves its
 * account's last paid index, which lets the gap limit count again from there. An address a reorg or a
 * replacement unpaid keeps its index as the last paid one: the wallet has seen it used.
 */
export async function recordObservation(
  trx: BitcoinDb,
  address: BitcoinAddressRow,
  seen: { txs: PayingTx[]; paid: boolean; now: number },
): Promise<void> {
  const paidAt = seen.paid ? (address.paid_at ?? seen.now) : null;
  await trx
    .updateTable('bitcoin_addresses')
    .set({ observed: JSON.stringify(seen.txs), paid_at: paidAt, updated_at: seen.now })
    .where('address', '=', address.address)
    .execute();
  if (seen.paid)
    await trx
      .updateTable('bitcoin_accounts')
      .set({ last_paid_index: Number(address.derivation_index), updated_at: seen.now })
      .where('account', '=', address.account)
      .where('last_paid_index', '<', Number(address.derivation_index))
      .execute();
}
