import type { Block, Transaction, TxOutput } from 'bitcoinjs-lib';
import { buildBlock, genesisBlock, medianTimePast, subsidy } from './blocks.ts';
import { txidOf } from './scripts.ts';

/** A transaction the stand-in knows: in a block of the best chain, or in the mempool. */
export interface TxRecord {
  txid: string;
  tx: Transaction;
  /** Satoshis; 0 for a coinbase. */
  fee: bigint;
}

export interface BlockRecord {
  hash: string;
  height: number;
  block: Block;
  txids: string[];
  /** BIP113 median time past, seconds. */
  mediantime: number;
}

export interface Spend {
  txid: string;
  vin: number;
}

const outpoint = (txid: string, vout: number) => `${txid}:${vout}`;

/**
 * Blocks, mempool and the spent-output index of an in-memory regtest chain. It holds state and keeps
 * it consistent; whether a transaction may enter is validate.ts's decision.
 */
export class Chain {
  /** The best chain, by height. */
  private readonly active: BlockRecord[] = [];
  /** Every block ever made, orphaned ones included (Esplora still answers for them). */
  private readonly blocks = new Map<string, BlockRecord>();
  private readonly txs = new Map<string, TxRecord>();
  private readonly confirmedIn = new Map<string, BlockRecord>();
  /** Arrival order, so a parent always comes before its children. */
  private mempool = new Map<string, TxRecord>();
  private readonly spends = new Map<string, Spend>();
  /** Coinbases made by fund(): they stand for a node wallet's payment, spendable at once. */
  private readonly fundings = new Set<string>();

  constructor(private readonly now: () => number) {
    this.connect(genesisBlock());
  }

  tip(): BlockRecord {
    return this.active[this.active.length - 1] as BlockRecord;
  }

  blockAt(height: number): BlockRecord | undefined {
    return this.active[height];
  }

  blockByHash(hash: string): BlockRecord | undefined {
    return this.blocks.get(hash);
  }

  isInBestChain(block: BlockRecord): boolean {
    return this.active[block.height] === block;
  }

  tx(txid: string): TxRecord | undefined {
    return this.txs.get(txid);
  }

  /** The block of the best chain holding the transaction; undefined while it waits in the mempool. */
  blockOf(txid: string): BlockRecord | undefined {
    return this.confirmedIn.get(txid);
  }

  isFunding(txid: string): boolean {
    return this.fundings.has(txid);
  }

  inMempool(txid: string): boolean {
    return this.mempool.has(txid);
  }

  mempoolTxs(): TxRecord[] {
    return [...this.mempool.values()];
  }

  /** Every known transaction, confirmed or waiting. */
  allTxs(): IterableIterator<TxRecord> {
    return this.txs.values();
  }

  output(txid: string, vout: number): TxOutput | undefined {
    return this.txs.get(txid)?.tx.outs[vout];
  }

  spender(txid: string, vout: number): Spend | undefined {
    return this.spends.get(outpoint(txid, vout));
  }

  /** The prevouts of a known transaction's inputs, undefined for a coinbase's. */
  prevouts(tx: Transaction): (TxOutput | undefined)[] {
    return tx.ins.map((input) =>
      tx.isCoinbase() ? undefined : this.output(txidOf(input.hash), input.index),
    );
  }

  /** The mempool transactions that spend the given one's outputs, theirs, and so on. */
  descendants(txid: string): string[] {
    const found: string[] = [];
    const visit = (parent: string) => {
      const record = this.txs.get(parent);
      record?.tx.outs.forEach((_, vout) => {
        const spend = this.spender(parent, vout);
        if (spend && !found.includes(spend.txid)) {
          found.push(spend.txid);
          visit(spend.txid);
        }
      });
    };
    visit(txid);
    return found;
  }

  /** Admits a validated transaction, first dropping the mempool transactions it replaces. */
  admit(record: TxRecord, replaces: readonly string[]): void {
    for (const txid of replaces) this.evict(txid);
    this.txs.set(record.txid, record);
    this.mempool.set(record.txid, record);
    this.registerSpends(record);
  }

  /** Mines `count` blocks, the first with every mempool transaction; answers their hashes. */
  mine(count: number, payTo: Uint8Array): string[] {
    const hashes: string[] = [];
    for (let i = 0; i < count; i++) {
      const waiting = this.mempoolTxs();
      const fees = waiting.reduce((sum, record) => sum + record.fee, 0n);
      const height = this.tip().height + 1;
      const payouts = [{ script: payTo, value: subsidy(height) + fees }];
      hashes.push(this.connect(this.draft(payouts, waiting)).hash);
    }
    return hashes;
  }

  /** A block whose coinbase pays `sats` to the script, leaving the mempool as it is; answers the coinbase's txid. */
  fund(script: Uint8Array, sats: bigint): string {
    const block = this.connect(this.draft([{ script, value: sats }], []));
    const txid = block.txids[0] as string;
    this.fundings.add(txid);
    return txid;
  }

  /**
   * Orphans the last `depth` blocks. Their transactions go back to the mempool ahead of those already
   * there; their coinbases vanish, and with them whatever spent their outputs.
   */
  reorg(depth: number): void {
    if (!Number.isInteger(depth) || depth < 1 || depth > this.tip().height) {
      throw new RangeError(`reorg depth must be an integer from 1 to the tip height ${this.tip().height}`);
    }
    const orphaned: BlockRecord[] = [];
    for (let i = 0; i < depth; i++) orphaned.unshift(this.disconnectTip());
    const returned = orphaned.flatMap((block) => block.txids.slice(1));
    this.mempool = new Map([
      ...returned.map((txid): [string, TxRecord] => [txid, this.txs.get(txid) as TxRecord]),
      ...this.mempool,
    ]);
    for (const block of orphaned) this.evict(block.txids[0] as string);
  }

  private draft(payouts: { script: Uint8Array; value: bigint }[], waiting: TxRecord[]): Block {
    const tip = this.tip();
    return buildBlock({
      prevHash: tip.hash,
      height: tip.height + 1,
      // A block's time must pass the median of the last eleven: a stopped test clock still moves it on.
      timestamp: Math.max(Math.floor(this.now() / 1000), tip.mediantime + 1),
      payouts,
      transactions: waiting.map((record) => record.tx),
    });
  }

  private connect(block: Block): BlockRecord {
    const transactions = block.transactions ?? [];
    const timestamps = [...this.active.slice(-10).map((b) => b.block.timestamp), block.timestamp];
    const record: BlockRecord = {
      hash: block.getId(),
      height: this.active.length,
      block,
      txids: transactions.map((tx) => tx.getId()),
      mediantime: medianTimePast(timestamps),
    };
    this.active.push(record);
    this.blocks.set(record.hash, record);
    for (const tx of transactions) {
      const txid = tx.getId();
      const known = this.mempool.get(txid);
      this.mempool.delete(txid);
      const entry = known ?? { txid, tx, fee: 0n };
      this.txs.set(txid, entry);
      this.confirmedIn.set(txid, record);
      if (!known) this.registerSpends(entry);
    }
    return record;
  }

  private disconnectTip(): BlockRecord {
    const block = this.active.pop() as BlockRecord;
    for (const txid of block.txids) this.confirmedIn.delete(txid);
    return block;
  }

  private registerSpends(record: TxRecord): void {
    if (record.tx.isCoinbase()) return;
    record.tx.ins.forEach((input, vin) => {
      this.spends.set(outpoint(txidOf(input.hash), input.index), { txid: record.txid, vin });
    });
  }

  /** Forgets a transaction and everything that spends it. */
  private evict(txid: string): void {
    const record = this.txs.get(txid);
    if (!record) return;
    for (const child of this.descendants(txid)) this.forget(child);
    this.forget(txid);
  }

  private forget(txid: string): void {
    const record = this.txs.get(txid);
    if (!record) return;
    if (!record.tx.isCoinbase()) {
      for (const input of record.tx.ins) {
        const key = outpoint(txidOf(input.hash), input.index);
        if (this.spends.get(key)?.txid === txid) this.spends.delete(key);
      }
    }
    this.txs.delete(txid);
    this.fundings.delete(txid);
    this.mempool.delete(txid);
    this.confirmedIn.delete(txid);
  }
}
