import type { TxOutput } from 'bitcoinjs-lib';
import type { BlockRecord, Chain, TxRecord } from './chain.ts';
import { addressOf, hex, scriptAsm, scriptType, txidOf } from './scripts.ts';

// The JSON shapes of Blockstream's electrs (src/rest.rs), field for field and in its order: optional
// fields are left out, not null, where electrs skips them.

export interface TxStatusJson {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}

export function txStatus(chain: Chain, txid: string): TxStatusJson {
  const block = chain.blockOf(txid);
  if (!block) return { confirmed: false };
  return {
    confirmed: true,
    block_height: block.height,
    block_hash: block.hash,
    block_time: block.block.timestamp,
  };
}

function outputJson(out: TxOutput) {
  const address = addressOf(out.script);
  return {
    scriptpubkey: hex(out.script),
    scriptpubkey_asm: scriptAsm(out.script),
    scriptpubkey_type: scriptType(out.script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(out.value),
  };
}

export function txJson(chain: Chain, record: TxRecord) {
  const { tx } = record;
  const prevouts = chain.prevouts(tx);
  return {
    txid: record.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, index) => {
      const prevout = prevouts[index];
      const witness = input.witness.map(hex);
      const isP2wsh = prevout !== undefined && scriptType(prevout.script) === 'v0_p2wsh';
      const witnessScript = isP2wsh ? input.witness[input.witness.length - 1] : undefined;
      return {
        txid: txidOf(input.hash),
        vout: input.index,
        prevout: prevout ? outputJson(prevout) : null,
        scriptsig: hex(input.script),
        scriptsig_asm: scriptAsm(input.script),
        ...(witness.length > 0 ? { witness } : {}),
        is_coinbase: tx.isCoinbase(),
        sequence: input.sequence,
        ...(witnessScript ? { inner_witnessscript_asm: scriptAsm(witnessScript) } : {}),
      };
    }),
    vout: tx.outs.map(outputJson),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(record.fee),
    status: txStatus(chain, record.txid),
  };
}

export function blockJson(block: BlockRecord) {
  const { block: header } = block;
  return {
    id: block.hash,
    height: block.height,
    version: header.version,
    timestamp: header.timestamp,
    tx_count: block.txids.length,
    size: header.byteLength(),
    weight: header.weight(),
    merkle_root: hex(Buffer.from(header.merkleRoot as Uint8Array).reverse()),
    previousblockhash: block.height === 0 ? null : hex(Buffer.from(header.prevHash as Uint8Array).reverse()),
    mediantime: block.mediantime,
    nonce: header.nonce,
    bits: header.bits,
    // rust-bitcoin's integer difficulty: regtest's target is its own limit.
    difficulty: 1,
  };
}

export function blockStatus(chain: Chain, block: BlockRecord) {
  if (!chain.isInBestChain(block)) return { in_best_chain: false, height: null, next_best: null };
  return {
    in_best_chain: true,
    height: block.height,
    next_best: chain.blockAt(block.height + 1)?.hash ?? null,
  };
}

export function outspend(chain: Chain, txid: string, vout: number) {
  const spend = chain.spender(txid, vout);
  if (!spend) return { spent: false };
  return { spent: true, txid: spend.txid, vin: spend.vin, status: txStatus(chain, spend.txid) };
}

/** Whether the transaction pays to the script or spends an output of it. */
function touches(chain: Chain, record: TxRecord, script: Uint8Array): boolean {
  const same = (out: TxOutput | undefined) => out !== undefined && Buffer.compare(out.script, script) === 0;
  return record.tx.outs.some(same) || chain.prevouts(record.tx).some(same);
}

/** Esplora's order: mempool newest first, then confirmed from the highest block, last in block first. */
export function history(chain: Chain, script: Uint8Array): { mempool: TxRecord[]; confirmed: TxRecord[] } {
  const mempool = chain
    .mempoolTxs()
    .filter((record) => touches(chain, record, script))
    .reverse();
  const confirmed: TxRecord[] = [];
  for (let height = chain.tip().height; height >= 0; height--) {
    const block = chain.blockAt(height) as BlockRecord;
    for (const txid of [...block.txids].reverse()) {
      const record = chain.tx(txid);
      if (record && touches(chain, record, script)) confirmed.push(record);
    }
  }
  return { mempool, confirmed };
}

interface Stats {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
}

/** chain_stats counts what is in blocks; mempool_stats what waits (its spends of confirmed outputs too). */
export function addressStats(chain: Chain, script: Uint8Array): { chain_stats: Stats; mempool_stats: Stats } {
  const { mempool, confirmed } = history(chain, script);
  const tally = (records: TxRecord[]): Stats => {
    const stats = {
      funded_txo_count: 0,
      funded_txo_sum: 0,
      spent_txo_count: 0,
      spent_txo_sum: 0,
      tx_count: 0,
    };
    for (const record of records) {
      stats.tx_count++;
      for (const out of record.tx.outs) {
        if (Buffer.compare(out.script, script) !== 0) continue;
        stats.funded_txo_count++;
        stats.funded_txo_sum += Number(out.value);
      }
      for (const prevout of chain.prevouts(record.tx)) {
        if (!prevout || Buffer.compare(prevout.script, script) !== 0) continue;
        stats.spent_txo_count++;
        stats.spent_txo_sum += Number(prevout.value);
      }
    }
    return stats;
  };
  return { chain_stats: tally(confirmed), mempool_stats: tally(mempool) };
}

/** Outputs to the script that nothing spends, a mempool spend included; confirmed ones first. */
export function utxos(chain: Chain, script: Uint8Array) {
  const { mempool, confirmed } = history(chain, script);
  return [...confirmed.reverse(), ...mempool.reverse()].flatMap((record) =>
    record.tx.outs.flatMap((out, vout) =>
      Buffer.compare(out.script, script) === 0 && !chain.spender(record.txid, vout)
        ? [{ txid: record.txid, vout, status: txStatus(chain, record.txid), value: Number(out.value) }]
        : [],
    ),
  );
}
