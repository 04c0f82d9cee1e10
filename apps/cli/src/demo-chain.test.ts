import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type DemoSummary } from '@kiosk/server';
import { freePort } from '@kiosk/testkit';
import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import {
  demoChainJournal,
  startDemoChain,
  warnIfChainForgot,
  withDemoCollector,
  withDemoOwner,
} from './demo-chain.ts';

const configIn = async (dataDir: string) =>
  loadConfig({ KIOSK_DATA_DIR: dataDir, KIOSK_DEMO_CHAIN_PORT: String(await freePort()) });

describe('the demo chain of kiosk serve --demo', () => {
  it('moves a journal that no longer replays aside, starts an empty chain and says what that means', async () => {
    const config = await configIn(mkdtempSync(join(tmpdir(), 'kiosk-demo-')));
    const journal = demoChainJournal(config);
    // A journal whose first block holds a transaction no chain accepts.
    writeFileSync(
      journal,
      '{"format":"kiosk-devchain-journal","version":1,"chainId":31337}\n{"block":1,"transactions":["0x02"]}\n',
    );
    const printed: string[] = [];
    const chain = await startDemoChain(config, (line) => printed.push(line));
    try {
      expect(chain.replayed).toBe(0);
      expect(printed[0]).toMatch(
        /^kiosk: the chain journal .*demo-chain\.jsonl cannot be replayed: block 1: /,
      );
      expect(printed[1]).toMatch(
        /^kiosk: moved it to .*demo-chain\.jsonl\.unreadable-\d+ and started an empty chain$/,
      );
      expect(printed[2]).toMatch(/; a new chain, kept in .*demo-chain\.jsonl$/);
      expect(readdirSync(config.dataDir).filter((name) => name.includes('.unreadable-'))).toHaveLength(1);
      expect(existsSync(journal)).toBe(true);

      // The store the database remembers was paid on the chain that is gone: the start says so.
      const notes: string[] = [];
      warnIfChainForgot(chain, { created: false } as DemoSummary, config, (line) => notes.push(line));
      expect(notes).toEqual([
        expect.stringMatching(/^ {2}note: the demo chain started empty, so payments made before/),
      ]);
      notes.length = 0;
      warnIfChainForgot(chain, { created: true } as DemoSummary, config, (line) => notes.push(line));
      expect(notes).toEqual([]);
    } finally {
      await chain.stop();
    }
  });

  it('names development account #19 owner, unless KIOSK_OWNER_DID names one', async () => {
    const config = await configIn(mkdtempSync(join(tmpdir(), 'kiosk-demo-')));
    const chain = {
      accounts: Array.from({ length: 20 }, (_, i) => `0x${'Ab'.repeat(19)}${String(i).padStart(2, '0')}`),
    };
    const named = withDemoOwner(config, chain as never);
    expect(named.ownerDid).toBe(`did:pkh:eip155:1:0x${'ab'.repeat(19)}19`);
    const own = `did:pkh:eip155:1:0x${'1'.repeat(40)}`;
    expect(withDemoOwner({ ...config, ownerDid: own }, chain as never).ownerDid).toBe(own);
  });

  it('collects subscriptions as development account #18, unless KIOSK_EVM_COLLECTOR_KEY names a key', async () => {
    const config = await configIn(mkdtempSync(join(tmpdir(), 'kiosk-demo-')));
    const key = withDemoCollector(config).evmCollectorKey!;
    // Account #18 of the development mnemonic, as `hardhat node` lists it.
    expect(privateKeyToAccount(key).address).toBe('0xdD2FD4581271e230360230F9337D5c0430Bf44C0');
    const own = `0x${'11'.repeat(32)}` as const;
    expect(withDemoCollector({ ...config, evmCollectorKey: own }).evmCollectorKey).toBe(own);
  });
});
