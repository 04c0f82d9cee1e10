import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  formatTransaction,
  hexToNumber,
  keccak256,
  numberToHex,
  serializeTransaction,
  type Hex,
  type RpcTransaction,
  type TransactionSerializable,
} from 'viem';

/**
 * A chain's signed transactions in a file, block by block, so a chain started again on the same file
 * is the same chain. Hardhat Network keeps its state in memory and can neither dump nor load it
 * (NomicFoundation/edr#409, hardhat#3599; a genesis cannot carry contract storage either, edr#911).
 * It is deterministic, though: the same signed transactions mined in the same blocks onto the same
 * genesis give the same hashes, receipts, contract addresses and balances. So the journal keeps what
 * a replay needs and nothing else: each block's signed transactions, written before the transaction's
 * sender hears its hash. Only block times differ after a replay (they are the replay's).
 *
 * The file is JSON Lines: a header (`{"format":"kiosk-devchain-journal","version":1,"chainId":…}`),
 * then `{"block":n,"transactions":["0x…"]}` for every block that holds transactions, and for the head
 * block even when empty, so the chain's height survives too.
 */

export type ChainRequest = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

const FORMAT = 'kiosk-devchain-journal';
const VERSION = 1;

interface BlockEntry {
  block: number;
  transactions: Hex[];
}

/** A journal that cannot be read or replayed; the message says which block and why. */
export class DevChainJournalError extends Error {
  constructor(path: string, reason: string) {
    super(`the chain journal ${path} cannot be replayed: ${reason}`);
    this.name = 'DevChainJournalError';
  }
}

/**
 * State changes that are not transactions: a replay could not repeat them, so a chain with a journal
 * refuses them. (Block times are not replayed either, so the methods that set them are refused too.)
 */
export const UNREPLAYABLE_METHODS: ReadonlySet<string> = new Set([
  'evm_increaseTime',
  'evm_revert',
  'evm_setIntervalMining',
  'evm_setNextBlockTimestamp',
  'hardhat_impersonateAccount',
  'hardhat_reset',
  'hardhat_setBalance',
  'hardhat_setCode',
  'hardhat_setCoinbase',
  'hardhat_setNextBlockBaseFeePerGas',
  'hardhat_setNonce',
  'hardhat_setPrevRandao',
  'hardhat_setStorageAt',
]);

/** Methods after which the chain may have new blocks. */
export const MINING_METHODS: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'evm_mine',
  'hardhat_mine',
]);

export class ChainJournal {
  /** The last block written to (or replayed from) the file. */
  private lastBlock = 0;
  /** Signed transactions as their senders sent them, by hash, until their block is written. */
  private readonly sent = new Map<Hex, Hex>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly entries: BlockEntry[],
  ) {}

  /** The journal at `path` for chain `chainId`; a missing or empty file starts a new one. */
  static open(path: string, chainId: number): ChainJournal {
    const header = JSON.stringify({ format: FORMAT, version: VERSION, chainId });
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (text.trim() === '') {
      writeFileSync(path, `${header}\n`);
      return new ChainJournal(path, []);
    }
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return undefined;
      }
    });
    // A line cut short by a crash mid-write: its block was never answered to anyone, so drop it.
    if (parsed.at(-1) === undefined) {
      parsed.pop();
      lines.pop();
      writeFileSync(path, `${lines.join('\n')}\n`);
    }
    const [first, ...rest] = parsed;
    const found = first as { format?: string; version?: number; chainId?: number } | undefined;
    if (found?.format !== FORMAT || found.version !== VERSION)
      throw new DevChainJournalError(path, `it is not a version ${VERSION} ${FORMAT} file`);
    if (found.chainId !== chainId)
      throw new DevChainJournalError(path, `it is chain ${found.chainId}'s, not chain ${chainId}'s`);
    const entries = rest.map((entry, index) => {
      const { block, transactions } = (entry ?? {}) as Partial<BlockEntry>;
      if (!Number.isInteger(block) || !Array.isArray(transactions))
        throw new DevChainJournalError(path, `line ${index + 2} is not a block`);
      return { block: block!, transactions };
    });
    return new ChainJournal(path, entries);
  }

  /** How many transactions the file held when it was opened. */
  get transactionCount(): number {
    return this.entries.reduce((sum, entry) => sum + entry.transactions.length, 0);
  }

  /**
   * Mines the file's blocks onto a fresh chain, each with its transactions and at its height, and
   * checks each block holds exactly them. Run before anyone else can reach the chain.
   */
  async replay(request: ChainRequest): Promise<void> {
    const fail = (block: number, reason: string) =>
      new DevChainJournalError(this.path, `block ${block}: ${reason}`);
    await request({ method: 'evm_setAutomine', params: [false] });
    try {
      for (const { block, transactions } of this.entries) {
        const head = hexToNumber((await request({ method: 'eth_blockNumber' })) as Hex);
        if (block <= head) throw fail(block, `it comes after block ${head}`);
        if (block - head > 1)
          await request({ method: 'hardhat_mine', params: [numberToHex(block - head - 1)] });
        for (const raw of transactions) {
          await request({ method: 'eth_sendRawTransaction', params: [raw] }).catch((error: unknown) => {
            throw fail(block, error instanceof Error ? error.message : String(error));
          });
        }
        await request({ method: 'evm_mine' });
        const mined = (await request({
          method: 'eth_getBlockByNumber',
          params: [numberToHex(block), false],
        })) as { transactions: Hex[] };
        const expected = transactions.map((raw) => keccak256(raw));
        if (
          mined.transactions.length !== expected.length ||
          expected.some((hash) => !mined.transactions.includes(hash))
        )
          throw fail(block, `it mined ${mined.transactions.length} of its ${expected.length} transactions`);
        this.lastBlock = block;
      }
    } finally {
      await request({ method: 'evm_setAutomine', params: [true] });
    }
  }

  /** Keeps a transaction exactly as its sender signed it, for when its block is written. */
  noteSent(raw: Hex): void {
    this.sent.set(keccak256(raw), raw);
  }

  /** Writes the blocks mined since the last call; calls run one after another. */
  record(request: ChainRequest): Promise<void> {
    const run = this.writing.then(() => this.writeNewBlocks(request));
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async writeNewBlocks(request: ChainRequest): Promise<void> {
    const head = hexToNumber((await request({ method: 'eth_blockNumber' })) as Hex);
    const lines: string[] = [];
    for (let block = this.lastBlock + 1; block <= head; block++) {
      const { transactions } = (await request({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(block), true],
      })) as { transactions: RpcTransaction[] };
      if (transactions.length > 0 || block === head)
        lines.push(JSON.stringify({ block, transactions: transactions.map((tx) => this.signed(tx, block)) }));
    }
    if (lines.length > 0) appendFileSync(this.path, `${lines.join('\n')}\n`);
    this.lastBlock = head;
  }

  /** The transaction's signed bytes: as sent when a wallet sent them, else re-serialised and checked. */
  private signed(rpc: RpcTransaction, block: number): Hex {
    const sent = this.sent.get(rpc.hash);
    if (sent) {
      this.sent.delete(rpc.hash);
      return sent;
    }
    // Signed by the node itself (eth_sendTransaction from an unlocked account).
    const tx = formatTransaction(rpc);
    const raw = serializeTransaction({ ...tx, data: tx.input } as TransactionSerializable, {
      r: tx.r,
      s: tx.s,
      v: tx.v,
      yParity: tx.yParity,
    });
    if (keccak256(raw) !== rpc.hash)
      throw new Error(`the chain journal ${this.path} cannot keep transaction ${rpc.hash} (block ${block})`);
    return raw;
  }
}
