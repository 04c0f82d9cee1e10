import { mkdirSync, renameSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  DEMO_OWNER_ACCOUNT,
  DEV_MNEMONIC,
  DevChainJournalError,
  startDevChainForDemo,
  type DemoDevChain,
} from '@kiosk/devchain';
import { DEMO_CHAIN_ID, type Config, type DemoSummary } from '@kiosk/server';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/**
 * The demo's chain lives in this process and its memory, so it keeps its transactions in a journal
 * beside the SQLite file (devchain's journal.ts): a restart replays them, and the payments the
 * database remembers still point at transactions the chain has.
 */
export const demoChainJournal = (config: Config) => join(config.dataDir, 'demo-chain.jsonl');

const shown = (path: string) => (path.startsWith(process.cwd()) ? relative(process.cwd(), path) : path);

/** Starts the demo chain on its journal, or exits with one line saying what to change. */
export async function startDemoChain(config: Config, print: (line: string) => void): Promise<DemoDevChain> {
  const journal = demoChainJournal(config);
  mkdirSync(config.dataDir, { recursive: true });
  const start = async () => {
    try {
      return await startDevChainForDemo({ port: config.demoChainPort, chainId: DEMO_CHAIN_ID, journal });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' || /EADDRINUSE/.test(String(error))) {
        console.error(
          `kiosk: the demo chain cannot listen on 127.0.0.1:${config.demoChainPort} (in use); set KIOSK_DEMO_CHAIN_PORT to a free port`,
        );
        process.exit(2);
      }
      throw error;
    }
  };
  let chain: DemoDevChain;
  try {
    chain = await start();
  } catch (error) {
    if (!(error instanceof DevChainJournalError)) throw error;
    // A journal that no longer replays (edited, or from another Hardhat) must not stop the demo:
    // keep it for a look, and say plainly what an empty chain means for the data.
    const kept = `${journal}.unreadable-${Date.now()}`;
    renameSync(journal, kept);
    print(`kiosk: ${error.message}`);
    print(`kiosk: moved it to ${shown(kept)} and started an empty chain`);
    chain = await start();
  }
  const { rpcUrl, chainId, demoToken, replayed } = chain;
  const kept = replayed > 0 ? `replayed ${replayed} transactions from` : 'a new chain, kept in';
  print(
    `demo chain on ${rpcUrl} (chain id ${chainId}), KDT at ${demoToken.address}; ${kept} ${shown(journal)}`,
  );
  return chain;
}

/**
 * The demo names its owner (KIOSK_OWNER_DID, unless set): otherwise the first user to sign in
 * becomes owner, and that would be the README's buyer. The DID is identity's `did:pkh` of the account.
 */
export function withDemoOwner(config: Config, chain: DemoDevChain): Config {
  if (config.ownerDid) return config;
  const owner = chain.accounts[DEMO_OWNER_ACCOUNT]!.toLowerCase();
  return { ...config, ownerDid: `did:pkh:eip155:1:${owner}` };
}

/**
 * The development account whose key the demo's server collects subscriptions with (the server's
 * demo names the same account DEMO_COLLECTOR and says in its summary whether the key is that one's).
 */
export const DEMO_COLLECTOR_ACCOUNT = 18;

/**
 * The demo's subscriptions are pulled each cycle by a collector account, whose key the server needs
 * (KIOSK_EVM_COLLECTOR_KEY, unless set): a development account's, public like all of them, holding
 * Ether for gas and no KDT, so no buyer of the README ever is it.
 */
export function withDemoCollector(config: Config): Config {
  if (config.evmCollectorKey) return config;
  const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEMO_COLLECTOR_ACCOUNT }).getHdKey().privateKey;
  if (!key) throw new Error(`development account #${DEMO_COLLECTOR_ACCOUNT} has no private key`);
  return { ...config, evmCollectorKey: toHex(key) };
}

/** A store from earlier starts on a chain that started empty: its paid sessions lost their transactions. */
export function warnIfChainForgot(
  chain: DemoDevChain,
  summary: DemoSummary,
  config: Config,
  print: (line: string) => void,
): void {
  if (summary.created || chain.replayed > 0) return;
  print(
    `  note: the demo chain started empty, so payments made before this start point at transactions it has never seen; remove ${shown(config.dataDir)} to start the demo afresh`,
  );
}
