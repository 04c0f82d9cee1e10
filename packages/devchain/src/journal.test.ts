import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, erc20Abi, http, parseEther, type Address, type Hash } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEV_MNEMONIC,
  startDevChain,
  startDevChainForDemo,
  type DemoDevChain,
  type DevChain,
} from './devchain.ts';
import { DevChainJournalError } from './journal.ts';

const journalPath = () => join(mkdtempSync(join(tmpdir(), 'kiosk-journal-')), 'chain.jsonl');

// Each test starts two or three chains (0.4–0.7 s each) and replays onto them.
describe('a chain kept in a journal', { timeout: 30_000 }, () => {
  const running: DevChain[] = [];
  const start = async (journal: string) => {
    const chain = await startDevChain({ journal });
    running.push(chain);
    return chain;
  };
  const startDemo = async (journal: string) => {
    const chain = await startDevChainForDemo({ journal });
    running.push(chain);
    return chain;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((chain) => chain.stop()));
  });

  /** Pays from a key held here, as a wallet does (eth_sendRawTransaction). */
  async function payFromWallet(chain: DevChain, to: Address, value: bigint): Promise<Hash> {
    const wallet = createWalletClient({
      account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 }),
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
    const hash = await wallet.sendTransaction({ to, value });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  it('comes back after a restart with the same transactions, receipts, balances, token and height', async () => {
    const journal = journalPath();
    const first = await startDemo(journal);
    expect(first.replayed).toBe(0);
    const [, , receiver] = first.accounts as [Address, Address, Address];
    // One transfer signed by a wallet, one signed by the node for an unlocked account.
    const paid = await payFromWallet(first, receiver, parseEther('1.5'));
    const tokenTransfer = await createWalletClient({
      account: first.accounts[3]!,
      chain: first.publicClient.chain,
      transport: http(first.rpcUrl),
    }).writeContract({
      address: first.demoToken.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [receiver, 7_000_000n],
    });
    await first.publicClient.waitForTransactionReceipt({ hash: tokenTransfer });
    await first.mine(3);
    const kdtOf = (chain: DemoDevChain) =>
      chain.publicClient.readContract({
        address: chain.demoToken.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [receiver],
      });
    const height = await first.publicClient.getBlockNumber();
    const balance = await first.publicClient.getBalance({ address: receiver });
    const kdt = await kdtOf(first);
    const paidBlock = (await first.publicClient.getTransactionReceipt({ hash: paid })).blockNumber;
    await first.stop();

    const second = await startDemo(journal);
    // The deployment, ten mints and the two transfers.
    expect(second.replayed).toBe(13);
    expect(second.demoToken.address).toBe(first.demoToken.address);
    expect(await second.publicClient.getBlockNumber()).toBe(height);
    expect(await second.publicClient.getBalance({ address: receiver })).toBe(balance);
    const receipt = await second.publicClient.getTransactionReceipt({ hash: paid });
    expect(receipt).toMatchObject({ status: 'success', blockNumber: paidBlock });
    expect(await kdtOf(second)).toBe(kdt);

    // It goes on where it stopped, and keeps what it mines next.
    const later = await payFromWallet(second, receiver, 1n);
    await second.stop();
    const third = await startDemo(journal);
    expect(third.replayed).toBe(14);
    expect((await third.publicClient.getTransactionReceipt({ hash: later })).status).toBe('success');
  });

  it('refuses what a restart could not repeat', async () => {
    const chain = await start(journalPath());
    await expect(
      chain.publicClient.request({
        method: 'hardhat_setBalance' as never,
        params: [chain.accounts[1], '0x1'] as never,
      }),
    ).rejects.toThrow(/hardhat_setBalance is refused/);
  });

  it('drops a last line cut short by a crash, and refuses another chain’s journal or a broken one', async () => {
    const journal = journalPath();
    const first = await start(journal);
    const paid = await payFromWallet(first, first.accounts[2]!, 5n);
    await first.stop();
    appendFileSync(journal, '{"block":9,"transact');
    const second = await start(journal);
    expect((await second.publicClient.getTransactionReceipt({ hash: paid })).status).toBe('success');
    await second.stop();
    // The torn line is gone from the file, so what comes next follows whole lines.
    for (const line of readFileSync(journal, 'utf8').trim().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();

    await expect(startDevChain({ journal, chainId: 1337 })).rejects.toThrow(
      /is chain 31337's, not chain 1337's/,
    );

    const [header, block] = readFileSync(journal, 'utf8').trim().split('\n') as [string, string];
    const entry = JSON.parse(block) as { block: number; transactions: string[] };
    // The same transfer once more in a later block: its nonce is spent, so it cannot be mined again.
    writeFileSync(
      journal,
      [header, block, JSON.stringify({ ...entry, block: entry.block + 1 })].join('\n') + '\n',
    );
    const broken = startDevChain({ journal });
    await expect(broken).rejects.toBeInstanceOf(DevChainJournalError);
    await expect(broken).rejects.toThrow(/block 2: /);
  });
});
