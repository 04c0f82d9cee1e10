import type { AddressInfo } from 'node:net';
import { crypto, payments } from 'bitcoinjs-lib';
import { Chain } from './chain.ts';
import { regtest, scriptOf } from './scripts.ts';
import { createEsploraServer } from './server.ts';

export { feeEstimates } from './fee-estimates.ts';
export { TestWallet, type PayOptions, type SignedPayment, type WalletUtxo } from './test-wallet.ts';

/** A local regtest chain behind Esplora's HTTP API, for tests and the demo. Never imported by production code. */
export interface BitcoinStandin {
  /** The Esplora base URL, http://127.0.0.1:{port} (no /api suffix). */
  url: string;
  port: number;
  network: 'regtest';
  /** Mines `count` blocks (the first takes every mempool transaction), paying the reward to `toAddress`; answers their hashes. */
  mine(count?: number, toAddress?: string): string[];
  /** A confirmed output of `sats` to the address: a block of its own whose coinbase pays it. Answers that txid (output 0). */
  fund(address: string, sats: bigint | number): string;
  /** Orphans the last `depth` blocks: their transactions go back to the mempool unless their inputs went with them. */
  reorg(depth: number): void;
  tipHeight(): number;
  close(): Promise<void>;
}

export interface BitcoinStandinOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  network?: 'regtest';
  /** The clock block times are taken from, in milliseconds (default Date.now). */
  now?: () => number;
  /**
   * Milliseconds between blocks mined on their own, as a live network would (the demo); by default
   * blocks are mined only by mine().
   */
  blockTime?: number;
}

// Block rewards go here when mine() names no address: a key hash nobody holds the key of.
const NOBODY = payments.p2wpkh({
  hash: crypto.hash160(new TextEncoder().encode('kiosk bitcoin-standin: no one holds this key')),
  network: regtest,
}).output as Uint8Array;

const MAX_BLOCKS_AT_ONCE = 10_000;

export async function startBitcoinStandin(options: BitcoinStandinOptions = {}): Promise<BitcoinStandin> {
  const network = options.network ?? 'regtest';
  if (network !== 'regtest') throw new Error(`bitcoin-standin runs regtest only, not ${String(network)}`);
  const host = options.host ?? '127.0.0.1';
  const chain = new Chain(options.now ?? Date.now);
  const controls = {
    mine: (count = 1, toAddress?: string) => {
      if (!Number.isInteger(count) || count < 1 || count > MAX_BLOCKS_AT_ONCE) {
        throw new RangeError(`mine: not a block count from 1 to ${MAX_BLOCKS_AT_ONCE}: ${count}`);
      }
      return chain.mine(count, toAddress === undefined ? NOBODY : outputScript(toAddress));
    },
    fund: (address: string, sats: bigint | number) => {
      const value = BigInt(sats);
      if (value <= 0n) throw new RangeError(`fund: not an amount of satoshis: ${sats}`);
      return chain.fund(outputScript(address), value);
    },
    reorg: (depth: number) => chain.reorg(depth),
  };
  const { blockTime } = options;
  if (blockTime !== undefined && !(Number.isInteger(blockTime) && blockTime > 0)) {
    throw new RangeError(`blockTime must be a positive number of milliseconds: ${blockTime}`);
  }
  const server = createEsploraServer(chain, controls);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const miner = blockTime === undefined ? undefined : setInterval(() => controls.mine(1), blockTime);
  // A forgotten close() must not keep a test process alive.
  miner?.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    network,
    ...controls,
    tipHeight: () => chain.tip().height,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(miner);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function outputScript(address: string): Uint8Array {
  const script = scriptOf(address);
  if (typeof script === 'string') throw new Error(`Not a regtest address: ${address}`);
  return script;
}
