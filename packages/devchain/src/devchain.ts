import type { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution.js';
import { createProvider } from 'hardhat/internal/core/providers/construction.js';
import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server.js';
import { InvalidRequestError } from 'hardhat/internal/core/providers/errors.js';
import { Reporter } from 'hardhat/internal/sentry/reporter.js';
import type { EthereumProvider, RequestArguments } from 'hardhat/types';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  getContractAddress,
  http,
  numberToHex,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type HttpTransport,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { loadDemoTokenArtifact, PACKAGE_JSON } from './compile.ts';
import {
  ChainJournal,
  DevChainJournalError,
  MINING_METHODS,
  UNREPLAYABLE_METHODS,
  type ChainRequest,
} from './journal.ts';

/**
 * A local EVM chain for tests and the demo: Hardhat Network (the EDR engine) behind the same JSON-RPC
 * server `hardhat node` runs, started in this process from an in-memory config — no hardhat.config
 * file, no CLI, so none of the CLI's telemetry, update checks or compiler downloads.
 */

/** Hardhat's well-known development mnemonic; its accounts are public, never hold real funds on them. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_ACCOUNT_COUNT = 20;
/** 10,000 ETH in wei for each development account. */
export const DEV_ACCOUNT_BALANCE = 10_000n * 10n ** 18n;
export const DEFAULT_CHAIN_ID = 31337;

export interface DevChainOptions {
  /** Port on 127.0.0.1; a free one when left out. */
  port?: number;
  chainId?: number;
  /**
   * 'auto' (the default) mines a block for every transaction as it arrives. A number turns automine
   * off and mines a block every that many **milliseconds**, the way a real chain does.
   */
  blockTime?: 'auto' | number;
  /**
   * A file that keeps the chain across restarts (journal.ts): a chain started on an existing file
   * replays its transactions first, and every block mined is appended to it. Needs automine, and the
   * chain then refuses the methods a replay could not repeat (hardhat_setBalance, evm_revert …).
   */
  journal?: string;
}

export interface DeployDemoTokenOptions {
  name: string;
  symbol: string;
  decimals: number;
  /** Each of these receives `amount` (in the token's smallest unit) right after deployment. */
  mintTo: readonly Address[];
  amount: bigint;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  /** How many transactions the start replayed from the journal (0 for a new chain). */
  replayed: number;
  /** The 20 development accounts, unlocked on the node, in mnemonic order. */
  accounts: Address[];
  publicClient: PublicClient<HttpTransport, Chain>;
  /** A wallet that signs as `account`, one of `accounts` (the node holds their keys). */
  walletOf(account: Address): WalletClient<HttpTransport, Chain, Account>;
  /** Mines `blocks` empty blocks at once; answers the new head block number. */
  mine(blocks?: number): Promise<bigint>;
  /** Deploys a DemoToken from `accounts[0]` (its only minter) and mints to `mintTo`; answers its address. */
  deployDemoToken(options: DeployDemoTokenOptions): Promise<Address>;
  /** Closes the server and its connections and halts interval mining; safe to call twice. */
  stop(): Promise<void>;
}

/** A viem chain for a local node; `rpcUrl` becomes its default transport URL. */
export function devChainDefinition(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Kiosk devchain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

/**
 * Hardhat resolves its paths from a config file that must exist; nothing here reads or writes those
 * paths (they only matter for artifacts and fork caches), so the package's own package.json stands in.
 */
const CONFIG_PATH_STAND_IN = PACKAGE_JSON;

async function createHardhatProvider(chainId: number, blockTime: 'auto' | number): Promise<EthereumProvider> {
  // Hardhat only reports errors to Sentry from its CLI and only with consent, but a developer may have
  // consented for another project: keep it off in this process regardless.
  Reporter.setEnabled(false);
  const config = resolveConfig(CONFIG_PATH_STAND_IN, {
    networks: {
      hardhat: {
        chainId,
        accounts: {
          mnemonic: DEV_MNEMONIC,
          count: DEV_ACCOUNT_COUNT,
          accountsBalance: DEV_ACCOUNT_BALANCE.toString(),
        },
        mining: blockTime === 'auto' ? { auto: true, interval: 0 } : { auto: false, interval: blockTime },
        // Like a real chain: a reverted transaction is still mined and answers a hash, and its receipt
        // says `reverted`. (Hardhat's default turns it into a JSON-RPC error instead.)
        throwOnTransactionFailures: false,
        loggingEnabled: false,
      },
    },
  });
  return createProvider(config, 'hardhat');
}

/**
 * The provider the server and this module talk to when a journal keeps the chain: it refuses what a
 * replay could not repeat and writes each new block to the journal before answering, so a sender has
 * the hash of a transaction only once it is on disk.
 */
function journaled(provider: EthereumProvider, journal: ChainJournal): EthereumProvider {
  const inner: ChainRequest = (args) => provider.request(args);
  const request = async (args: RequestArguments) => {
    if (UNREPLAYABLE_METHODS.has(args.method))
      throw new InvalidRequestError(
        `${args.method} is refused: this chain is kept as its transactions (${journal.path}), and a restart could not repeat it`,
      );
    try {
      const result = await provider.request(args);
      if (args.method === 'eth_sendRawTransaction') journal.noteSent((args.params as [Hash])[0]);
      return result;
    } finally {
      // Even after a failed call: it may have mined a block before failing.
      if (MINING_METHODS.has(args.method)) await journal.record(inner);
    }
  };
  return new Proxy(provider, {
    get: (target, property) => {
      if (property === 'request') return request;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Starts a Hardhat Network JSON-RPC server on 127.0.0.1 in this process (0.35–0.7 s). */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const chainId = options.chainId ?? DEFAULT_CHAIN_ID;
  const blockTime = options.blockTime ?? 'auto';
  if (blockTime !== 'auto' && !(Number.isInteger(blockTime) && blockTime > 0)) {
    throw new Error(`blockTime must be 'auto' or a positive whole number of milliseconds, got ${blockTime}`);
  }
  // Interval mining makes blocks on EDR's own timer, which the journal would not see.
  if (options.journal && blockTime !== 'auto') throw new Error('a chain with a journal needs blockTime auto');
  const hardhat = await createHardhatProvider(chainId, blockTime);
  const journal = options.journal ? ChainJournal.open(options.journal, chainId) : undefined;
  // Before the server listens: nobody else may send a transaction in the middle of the replay.
  await journal?.replay((args) => hardhat.request(args));
  const provider = journal ? journaled(hardhat, journal) : hardhat;
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: options.port ?? 0, provider });
  // JsonRpcServer.listen() neither rejects nor handles a listen error, and its ws server re-emits the
  // http server's errors, so a taken port would crash the process. Both servers are private: reach
  // them to turn that error into a rejection.
  const { _httpServer: httpServer, _wsServer: wsServer } = server as unknown as {
    _httpServer: Server;
    _wsServer: EventEmitter;
  };
  // EDR mines on its own timer, outside the event loop: halt it whenever the chain goes away.
  const haltIntervalMining = async () => {
    if (blockTime !== 'auto') await hardhat.request({ method: 'evm_setIntervalMining', params: [0] });
  };
  const { port } = await new Promise<AddressInfo>((resolve, reject) => {
    httpServer.once('error', reject);
    wsServer.once('error', reject);
    server.listen().then((address) => {
      httpServer.off('error', reject);
      wsServer.off('error', reject);
      resolve(address as AddressInfo);
    }, reject);
  }).catch(async (error: unknown) => {
    await haltIntervalMining();
    throw error;
  });

  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = devChainDefinition(chainId, rpcUrl);
  // No retries: a local node answers at once, and viem would retry every revert (Hardhat reports it as
  // an internal error) for a second. cacheTime 0: viem would answer a cached block number after mine().
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  const accounts = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((account) =>
    getAddress(account),
  );
  const deployer = accounts[0];
  if (deployer === undefined) throw new Error('the local chain has no accounts');
  // The node holds the development keys and signs eth_sendTransaction itself.
  const walletClient = createWalletClient({ account: deployer, chain, transport, pollingInterval: 50 });

  async function mined(hash: Hash, what: string) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${hash})`);
    return receipt;
  }

  let stopping: Promise<void> | undefined;

  return {
    rpcUrl,
    chainId,
    replayed: journal?.transactionCount ?? 0,
    accounts,
    publicClient,
    walletOf: (account) => createWalletClient({ account, chain, transport, pollingInterval: 50 }),

    async mine(blocks = 1) {
      if (!(Number.isInteger(blocks) && blocks > 0)) throw new Error(`cannot mine ${blocks} blocks`);
      await provider.request({ method: 'hardhat_mine', params: [numberToHex(blocks)] });
      return publicClient.getBlockNumber();
    },

    async deployDemoToken({ name, symbol, decimals, mintTo, amount }) {
      const { abi, bytecode } = await loadDemoTokenArtifact();
      const deployment = await walletClient.deployContract({ abi, bytecode, args: [name, symbol, decimals] });
      const address = (await mined(deployment, `deploying ${symbol}`)).contractAddress;
      if (!address) throw new Error(`deploying ${symbol} created no contract`);
      // Sent one after another so the node assigns nonces in order, then awaited together: with
      // interval mining they land in the next block instead of one block each.
      const mints: Hash[] = [];
      for (const to of mintTo) {
        mints.push(
          await walletClient.writeContract({ address, abi, functionName: 'mint', args: [to, amount] }),
        );
      }
      await Promise.all(mints.map((hash) => mined(hash, `minting ${symbol}`)));
      return address;
    },

    stop() {
      stopping ??= (async () => {
        await haltIntervalMining();
        const closed = server.close();
        // close() ends idle connections but waits for busy ones (a client mid-request): end them too.
        httpServer.closeAllConnections();
        await closed;
      })();
      return stopping;
    },
  };
}

export const DEMO_TOKEN = {
  name: 'Kiosk Demo Token',
  symbol: 'KDT',
  decimals: 6,
  /** 1,000,000 KDT in its smallest unit, for each of the first ten development accounts. */
  mintAmount: 1_000_000n * 10n ** 6n,
  holders: 10,
} as const;

/**
 * The demo store's owner among the development accounts: the last one, which gets no KDT and so never
 * buys. (The server's demo makes the same account the store's owner and its receiving account.)
 */
export const DEMO_OWNER_ACCOUNT = DEV_ACCOUNT_COUNT - 1;

export interface DemoDevChain extends DevChain {
  demoToken: { address: Address; name: string; symbol: string; decimals: number };
}

/**
 * A chain for the demo: startDevChain plus the Kiosk Demo Token (KDT) held by accounts 0–9. A chain
 * replayed from its journal has the token already, where the first deployment put it.
 */
export async function startDevChainForDemo(options: DevChainOptions = {}): Promise<DemoDevChain> {
  const chain = await startDevChain(options);
  const { name, symbol, decimals } = DEMO_TOKEN;
  try {
    if (chain.replayed > 0) {
      // Spelt as a deployment's receipt spells it, so a restart answers the very same string.
      const address = getContractAddress({ from: chain.accounts[0]!, nonce: 0n }).toLowerCase() as Address;
      if (!(await chain.publicClient.getCode({ address })))
        throw new DevChainJournalError(options.journal!, `its chain has no ${symbol} at ${address}`);
      return { ...chain, demoToken: { address, name, symbol, decimals } };
    }
    const address = await chain.deployDemoToken({
      name: DEMO_TOKEN.name,
      symbol: DEMO_TOKEN.symbol,
      decimals: DEMO_TOKEN.decimals,
      mintTo: chain.accounts.slice(0, DEMO_TOKEN.holders),
      amount: DEMO_TOKEN.mintAmount,
    });
    return { ...chain, demoToken: { address, name, symbol, decimals } };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
