import { connect, createServer } from 'node:net';
import { erc20Abi, type Abi, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoTokenArtifact } from './compile.ts';
import {
  DEV_ACCOUNT_BALANCE,
  DEV_MNEMONIC,
  startDevChain,
  startDevChainForDemo,
  type DevChain,
} from './devchain.ts';

/** Resolves when `port` on 127.0.0.1 can be bound again (and releases it). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('the local chain', () => {
  let chain: DevChain;
  let token: Address;
  let abi: Abi;
  let holderA: Address;
  let holderB: Address;
  let outsider: Address;

  beforeAll(async () => {
    chain = await startDevChain();
    [, holderA, holderB, outsider] = chain.accounts as [Address, Address, Address, Address];
    abi = (await loadDemoTokenArtifact()).abi;
    token = await chain.deployDemoToken({
      name: 'Test Token',
      symbol: 'TT',
      decimals: 6,
      mintTo: [holderA, holderB],
      amount: 1_000n,
    });
  }, 30_000);
  afterAll(() => chain?.stop());

  const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
    chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName });
  const balance = (of: Address) =>
    chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [of] });
  /** A wallet client for one of the node's unlocked development accounts. */

  it('answers chain id 31337 and the 20 mnemonic accounts, each funded with 10,000 ETH', async () => {
    expect(chain.chainId).toBe(31337);
    expect(await chain.publicClient.getChainId()).toBe(31337);
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(chain.accounts).toHaveLength(20);
    expect(chain.accounts[0]).toBe(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 }).address);
    expect(chain.accounts[19]).toBe(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 19 }).address);
    expect(await chain.publicClient.getBalance({ address: chain.accounts[19]! })).toBe(DEV_ACCOUNT_BALANCE);
  });

  it('deploys the demo token with its metadata and mints the amount to each recipient only', async () => {
    expect(await read('name')).toBe('Test Token');
    expect(await read('symbol')).toBe('TT');
    expect(await read('decimals')).toBe(6);
    expect(await read('totalSupply')).toBe(2_000n);
    expect(await balance(holderA)).toBe(1_000n);
    expect(await balance(holderB)).toBe(1_000n);
    expect(await balance(outsider)).toBe(0n);
  });

  it('lets only the deployer mint', async () => {
    const mint = (account: Address) =>
      chain.publicClient.simulateContract({
        account,
        address: token,
        abi,
        functionName: 'mint',
        args: [outsider, 5n],
      });
    await expect(mint(holderA)).rejects.toThrow(/NotMinter/);
    await expect(mint(chain.accounts[0]!)).resolves.toBeDefined();
  });

  it('spends an allowance through transferFrom and refuses to go beyond it', async () => {
    const approve = await chain.walletOf(holderA).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [holderB, 300n],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approve });
    const [beforeA, beforeOutsider] = [await balance(holderA), await balance(outsider)];
    const spend = await chain.walletOf(holderB).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: [holderA, outsider, 200n],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: spend })).status).toBe('success');
    expect(await balance(holderA)).toBe(beforeA - 200n);
    expect(await balance(outsider)).toBe(beforeOutsider + 200n);
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [holderA, holderB],
      }),
    ).toBe(100n);
    await expect(
      chain.publicClient.simulateContract({
        account: holderB,
        address: token,
        abi,
        functionName: 'transferFrom',
        args: [holderA, outsider, 101n],
      }),
    ).rejects.toThrow(/InsufficientAllowance/);
  });

  it('mine(3) advances the block number by exactly 3', async () => {
    const before = await chain.publicClient.getBlockNumber();
    const head = await chain.mine(3);
    expect(head).toBe(before + 3n);
    expect(await chain.publicClient.getBlockNumber()).toBe(before + 3n);
  });

  it('refuses a port already in use instead of crashing the process', async () => {
    const port = Number(new URL(chain.rpcUrl).port);
    await expect(startDevChain({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(await chain.publicClient.getChainId()).toBe(31337);
  });

  it('with a chain id and a block time, answers that id and mines blocks on its own', async () => {
    const timed = await startDevChain({ chainId: 1337, blockTime: 100 });
    try {
      expect(await timed.publicClient.getChainId()).toBe(1337);
      const first = await timed.publicClient.getBlockNumber();
      let head = first;
      for (let waited = 0; head < first + 2n && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        head = await timed.publicClient.getBlockNumber();
      }
      expect(head).toBeGreaterThanOrEqual(first + 2n);
    } finally {
      await timed.stop();
    }
  });

  it('stop() frees the port and the chain answers no more, even with a client mid-request', async () => {
    const other = await startDevChain();
    const port = Number(new URL(other.rpcUrl).port);
    expect(await other.publicClient.getChainId()).toBe(31337);
    expect(await bindable(port)).toBe(false);
    // A client that never finishes its request keeps a busy connection, which server.close() waits for.
    const stalled = connect(port, '127.0.0.1');
    stalled.on('error', () => {});
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await other.stop();
    await other.stop();
    expect(await bindable(port)).toBe(true);
    await expect(other.publicClient.getChainId()).rejects.toThrow();
  });

  it('startDevChainForDemo deploys KDT and gives each of the first ten accounts 1,000,000', async () => {
    const demo = await startDevChainForDemo();
    try {
      const { address } = demo.demoToken;
      const readDemo = (args: { functionName: 'symbol' | 'name' | 'decimals' }) =>
        demo.publicClient.readContract({ address, abi: erc20Abi, ...args });
      const balanceOnDemo = (of: Address) =>
        demo.publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [of] });
      expect(demo.demoToken).toMatchObject({ symbol: 'KDT', name: 'Kiosk Demo Token', decimals: 6 });
      expect(await readDemo({ functionName: 'symbol' })).toBe('KDT');
      expect(await readDemo({ functionName: 'name' })).toBe('Kiosk Demo Token');
      expect(await readDemo({ functionName: 'decimals' })).toBe(6);
      expect(await balanceOnDemo(demo.accounts[0]!)).toBe(1_000_000_000_000n);
      expect(await balanceOnDemo(demo.accounts[9]!)).toBe(1_000_000_000_000n);
      expect(await balanceOnDemo(demo.accounts[10]!)).toBe(0n);
    } finally {
      await demo.stop();
    }
  });
});
