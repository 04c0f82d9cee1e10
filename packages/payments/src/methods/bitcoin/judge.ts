import type { EsploraTx } from './esplora.ts';

/**
 * What the chain shows of one receiving address, decided without I/O from Esplora's answers and the
 * last observation (kept with the address): how much reached it, how much of that is buried under the
 * method's confirmations, and what changed since (a payment replaced or double-spent, a block orphaned).
 */

/** A transaction paying the address: its sats to it, and where it is mined (null while it waits). */
export interface PayingTx {
  txid: string;
  sats: string;
  height: number | null;
  block: string | null;
}

export interface Observation {
  /** Satoshis every listed transaction pays the address, mined or waiting. */
  received: bigint;
  /** Satoshis of those with at least the method's confirmations. */
  confirmed: bigint;
  /** The fewest confirmations among the paying transactions (0 while one waits); 0 when none. */
  confirmations: number;
  txs: PayingTx[];
  /** Seen paying before and no longer listed: replaced by fee or double-spent (checked with GET /tx). */
  vanished: string[];
  /** Mined before in a block and waiting again: that block was orphaned by a reorg. */
  orphaned: string[];
  /** The first input's address of the first paying transaction: who paid, as far as a chain can say. */
  payer: string | null;
}

/** Esplora's confirmations: the tip and the block itself count (no confirmations field exists). */
export const confirmationsOf = (tx: PayingTx, tip: number): number =>
  tx.height === null ? 0 : Math.max(tip - tx.height + 1, 0);

export function observe(
  address: string,
  txs: readonly EsploraTx[],
  tip: number,
  needed: number,
  previous: readonly PayingTx[],
): Observation {
  const paying: PayingTx[] = [];
  let payer: string | null = null;
  for (const tx of txs) {
    // Integer satoshis from Esplora's JSON numbers: exact below 2^53, and 21 M BTC is 2.1e15 sats.
    const sats = tx.vout
      .filter((out) => out.scriptpubkey_address === address)
      .reduce((sum, out) => sum + BigInt(out.value), 0n);
    if (sats === 0n || paying.some((p) => p.txid === tx.txid)) continue;
    paying.push({
      txid: tx.txid,
      sats: sats.toString(),
      height: tx.status.confirmed ? tx.status.block_height : null,
      block: tx.status.confirmed ? tx.status.block_hash : null,
    });
    payer ??= tx.vin[0]?.prevout?.scriptpubkey_address ?? null;
  }
  const listed = new Map(paying.map((tx) => [tx.txid, tx]));
  const buried = paying.filter((tx) => confirmationsOf(tx, tip) >= needed);
  return {
    received: sum(paying),
    confirmed: sum(buried),
    confirmations: paying.length ? Math.min(...paying.map((tx) => confirmationsOf(tx, tip))) : 0,
    txs: paying,
    vanished: previous.filter((tx) => !listed.has(tx.txid)).map((tx) => tx.txid),
    orphaned: previous
      .filter((tx) => tx.block !== null && listed.has(tx.txid) && listed.get(tx.txid)!.block !== tx.block)
      .map((tx) => tx.txid),
    payer,
  };
}

const sum = (txs: readonly PayingTx[]) => txs.reduce((total, tx) => total + BigInt(tx.sats), 0n);

/** Where a payment to the address stands, as the checkout and the merchant read it. */
export type AddressState =
  /** Nothing has reached it. */
  | 'unpaid'
  /** Enough reached it, waiting for the method's confirmations. */
  | 'confirming'
  /** Less than asked reached it so far: waiting for the rest until it expires. */
  | 'underpaid'
  /** Enough with its confirmations. */
  | 'paid';

export function stateOf(observation: Observation, asked: bigint): AddressState {
  if (observation.confirmed >= asked) return 'paid';
  if (observation.received >= asked) return 'confirming';
  return observation.received > 0n ? 'underpaid' : 'unpaid';
}

/**
 * Whether what reached the address pays the payment, as `verify` answers it: enough with the method's
 * confirmations; or, once the payment has ended (`expiresAt`), whatever arrived if all of it is
 * confirmed, so that a late or short payment is recorded as refundable instead of lost.
 */
export function isReceived(observation: Observation, asked: bigint, now: number, expiresAt: number): boolean {
  const settled = observation.confirmed > 0n && observation.confirmed === observation.received;
  return stateOf(observation, asked) === 'paid' || (now >= expiresAt && settled);
}

/**
 * How deep a reorg Kiosk still looks for after a payment has its confirmations: its paying blocks are
 * read again until they have this many blocks on top, counting their own; deeper reorgs are treated as
 * final. A hundred is Bitcoin's own horizon: a block's new coins may be spent only 100 blocks later
 * (coinbase maturity), because the network does not expect a reorg that deep. Reorgs seen on the
 * main network are a block or two.
 */
export const REORG_WINDOW_BLOCKS = 100;

/**
 * Whether a paid payment (its paying transactions as last seen) is beyond reorgs: every mined one
 * has REORG_WINDOW_BLOCKS confirmations at `tip`. Decided on what was recorded, without reading any
 * block: a payment past the window is never read again.
 */
export const beyondReorgs = (txs: readonly PayingTx[], tip: number): boolean =>
  txs.every((tx) => tx.height === null || confirmationsOf(tx, tip) >= REORG_WINDOW_BLOCKS);

/** The blocks the payment's mined transactions were last seen in. */
export const payingBlocks = (txs: readonly PayingTx[]): string[] =>
  txs.flatMap((tx) => (tx.block === null ? [] : [tx.block]));
