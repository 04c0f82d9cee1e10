import { transaction } from '@kiosk/db';
import {
  markBeyondReorgs,
  observedTxs,
  recordObservation,
  watchedAddresses,
  type BitcoinAddressRow,
  type BitcoinDb,
} from './address-book.ts';
import { EsploraClient } from './esplora.ts';
import { beyondReorgs, isReceived, observe, payingBlocks, type PayingTx } from './judge.ts';
import type { BitcoinSettings } from './settings.ts';

/**
 * After a payment has its confirmations, a reorg deeper than them can still orphan the block that paid
 * it (issue 26). A method's paid addresses are read again until their blocks are REORG_WINDOW_BLOCKS
 * deep (judge.ts), a block at a time rather than an address at a time: one `GET /block/:hash/status`
 * answers for every payment the block holds, and only an address whose block left the best chain is
 * read again whole, as `verify` reads it. Everything is read first; what was seen is recorded after,
 * in one short transaction.
 *
 * Answers the addresses whose payment is no longer paid (back in the mempool, in too shallow a block,
 * or gone); the checks of their charges decide the rest (flows/watch-paid.ts). A payment the reorg
 * left paid (mined again deep enough) is recorded in its new blocks and watched on.
 */
export async function undonePayments(
  db: BitcoinDb,
  now: number,
  methodId: string,
  settings: BitcoinSettings,
): Promise<string[]> {
  const watched = await watchedAddresses(db, methodId);
  if (watched.length === 0) return [];
  const esplora = new EsploraClient(settings.esplora_url);
  const tip = await esplora.tipHeight();
  const beyond = watched.filter((row) => beyondReorgs(observedTxs(row), tip));
  const within = watched.filter((row) => !beyond.includes(row));

  const inBestChain = new Map<string, boolean>();
  for (const block of new Set(within.flatMap((row) => payingBlocks(observedTxs(row)))))
    inBestChain.set(block, await esplora.inBestChain(block));
  const undone: string[] = [];
  const moved: { row: BitcoinAddressRow; txs: PayingTx[] }[] = [];
  for (const row of within) {
    const previous = observedTxs(row);
    if (payingBlocks(previous).every((block) => inBestChain.get(block))) continue;
    const txs = await esplora.addressTxs(row.address);
    const seen = observe(row.address, txs, tip, settings.confirmation, previous);
    // As verify: a payment no longer listed is believed gone only when the node says so; until then
    // nothing is decided, and the next sweep reads it again.
    if (await anyHeld(esplora, seen.vanished)) continue;
    if (isReceived(seen, BigInt(row.amount), now, Number(row.expires_at))) moved.push({ row, txs: seen.txs });
    else undone.push(row.address);
  }

  if (beyond.length > 0 || moved.length > 0)
    await transaction(db, async (trx) => {
      await markBeyondReorgs(
        trx,
        beyond.map((row) => row.address),
        now,
      );
      for (const { row, txs } of moved) await recordObservation(trx, row, { txs, paid: true, now });
    });
  return undone;
}

async function anyHeld(esplora: EsploraClient, txids: string[]): Promise<boolean> {
  for (const txid of txids) if (await esplora.hasTx(txid)) return true;
  return false;
}
