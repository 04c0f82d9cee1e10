import { randomBytes } from 'node:crypto';
import { Block, opcodes, script as bscript, Transaction } from 'bitcoinjs-lib';

// Bitcoin Core's regtest genesis block: its hash is 0f9188f1…466e2206, as every regtest node's.
const REGTEST_GENESIS =
  '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f61' +
  '7fc81bc3888a51323a9fb8aa4b1e5e4adae5494dffff7f20020000000101000000010000000000000000000000000000000000000000' +
  '000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e6365' +
  '6c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a010000' +
  '00434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c' +
  '384df7ba0b8d578a4c702b6bf11d5fac00000000';

/** Regtest's proof-of-work limit: about one nonce in two meets it. */
export const REGTEST_BITS = 0x207fffff;
const BLOCK_VERSION = 0x20000000;
const HALVING_INTERVAL = 150;
const WITNESS_COMMITMENT_HEADER = Uint8Array.from([0xaa, 0x21, 0xa9, 0xed]);

export function genesisBlock(): Block {
  return Block.fromHex(REGTEST_GENESIS);
}

/** The block reward at a height on regtest: 50 BTC, halving every 150 blocks. */
export function subsidy(height: number): bigint {
  const halvings = Math.floor(height / HALVING_INTERVAL);
  return halvings >= 64 ? 0n : 5_000_000_000n >> BigInt(halvings);
}

export interface BlockDraft {
  prevHash: string;
  height: number;
  /** Seconds. */
  timestamp: number;
  /** Outputs of the coinbase; the witness commitment is added after them. */
  payouts: { script: Uint8Array; value: bigint }[];
  transactions: Transaction[];
}

/**
 * A block as a miner makes it: a BIP34 coinbase (height, then a random extra nonce so that two blocks
 * at one height differ), a BIP141 witness commitment, the merkle root, and a nonce that meets the
 * regtest target.
 */
export function buildBlock(draft: BlockDraft): Block {
  const coinbase = new Transaction();
  coinbase.version = 2;
  coinbase.addInput(
    new Uint8Array(32),
    0xffffffff,
    0xffffffff,
    bscript.compile([bscript.number.encode(draft.height), randomBytes(8)]),
  );
  coinbase.setWitness(0, [new Uint8Array(32)]);
  for (const payout of draft.payouts) coinbase.addOutput(payout.script, payout.value);
  const transactions = [coinbase, ...draft.transactions];
  const commitment = Block.calculateMerkleRoot(transactions, true);
  coinbase.addOutput(
    bscript.compile([opcodes.OP_RETURN, Buffer.concat([WITNESS_COMMITMENT_HEADER, commitment])]),
    0n,
  );

  const block = new Block();
  block.version = BLOCK_VERSION;
  block.prevHash = Buffer.from(draft.prevHash, 'hex').reverse();
  block.timestamp = draft.timestamp;
  block.bits = REGTEST_BITS;
  block.transactions = transactions;
  block.merkleRoot = Block.calculateMerkleRoot(transactions);
  block.nonce = 0;
  while (!block.checkProofOfWork()) block.nonce++;
  return block;
}

/** Median time past of the 11 timestamps ending with the last one given (BIP113). */
export function medianTimePast(timestamps: number[]): number {
  const window = timestamps.slice(-11).sort((a, b) => a - b);
  return window[Math.floor(window.length / 2)] ?? 0;
}
