import { startDevChain, type DevChain } from '@kiosk/devchain';
import { encodeFunctionData, parseEventLogs, type Address, type Hash, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERC20_ABI,
  TestWallet,
  TransactionRevertedError,
  type ConnectMandate,
  type ConnectPayment,
  type WalletFetch,
} from './test-wallet.ts';

describe('TestWallet on a local chain', () => {
  let chain: DevChain;
  let token: Address;
  let at: { rpcUrl: string; chainId: number };
  const payer = new TestWallet({ index: 1 });

  beforeAll(async () => {
    chain = await startDevChain();
    at = { rpcUrl: chain.rpcUrl, chainId: chain.chainId };
    token = await chain.deployDemoToken({
      name: 'Test Token',
      symbol: 'TT',
      decimals: 6,
      mintTo: [payer.address],
      amount: 5_000_000n,
    });
  }, 30_000);
  afterAll(() => chain?.stop());

  const nonceOf = (address: Address) => chain.publicClient.getTransactionCount({ address });

  it('answers its native and token balances', async () => {
    const untouched = new TestWallet({ index: 15 });
    expect(await untouched.balanceOf(at)).toBe(10_000n * 10n ** 18n);
    expect(await untouched.balanceOf({ ...at, token })).toBe(0n);
    expect(await payer.balanceOf({ ...at, token })).toBe(5_000_000n);
  });

  it('sendNative moves exactly the value, and the sender pays the value plus gas', async () => {
    const to = TestWallet.random();
    const before = await payer.balanceOf(at);
    const hash = await payer.sendNative({ ...at, to: to.address, value: 1_234_567_890_123n });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', from: payer.address.toLowerCase() });
    expect(await to.balanceOf(at)).toBe(1_234_567_890_123n);
    expect(await payer.balanceOf(at)).toBe(
      before - 1_234_567_890_123n - receipt.gasUsed * receipt.effectiveGasPrice,
    );
  });

  it('transferToken moves exactly the amount and its receipt logs Transfer(from, to, amount)', async () => {
    const to = TestWallet.random();
    const before = await payer.balanceOf({ ...at, token });
    const hash = await payer.transferToken({ ...at, token, to: to.address, amount: 1_250_000n });
    expect(await payer.balanceOf({ ...at, token })).toBe(before - 1_250_000n);
    expect(await to.balanceOf({ ...at, token })).toBe(1_250_000n);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    const transfers = parseEventLogs({ abi: ERC20_ABI, eventName: 'Transfer', logs: receipt.logs });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.address).toBe(token.toLowerCase());
    expect(transfers[0]!.args).toEqual({ from: payer.address, to: to.address, value: 1_250_000n });
  });

  it('a transfer beyond the balance throws before sending: no balance or nonce changes', async () => {
    const to = TestWallet.random();
    const balance = await payer.balanceOf({ ...at, token });
    const nonce = await nonceOf(payer.address);
    await expect(payer.transferToken({ ...at, token, to: to.address, amount: balance + 1n })).rejects.toThrow(
      /revert/i,
    );
    expect(await payer.balanceOf({ ...at, token })).toBe(balance);
    expect(await to.balanceOf({ ...at, token })).toBe(0n);
    expect(await nonceOf(payer.address)).toBe(nonce);
  });

  it('a transfer beyond the balance sent with a fixed gas is mined, reverted and thrown', async () => {
    const to = TestWallet.random();
    const balance = await payer.balanceOf({ ...at, token });
    const nonce = await nonceOf(payer.address);
    const failure = await payer
      .transferToken({ ...at, token, to: to.address, amount: balance + 1n, gas: 100_000n })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(TransactionRevertedError);
    const { hash, receipt } = failure as TransactionRevertedError;
    expect(receipt.status).toBe('reverted');
    expect((await chain.publicClient.getTransactionReceipt({ hash })).logs).toEqual([]);
    expect(await payer.balanceOf({ ...at, token })).toBe(balance);
    expect(await to.balanceOf({ ...at, token })).toBe(0n);
    expect(await nonceOf(payer.address)).toBe(nonce + 1);
  });

  it('refuses to send on a node that answers another chain id', async () => {
    const to = TestWallet.random();
    const nonce = await nonceOf(payer.address);
    await expect(
      payer.sendNative({ rpcUrl: chain.rpcUrl, chainId: 1, to: to.address, value: 1n }),
    ).rejects.toThrow(/chain/i);
    expect(await to.balanceOf(at)).toBe(0n);
    expect(await nonceOf(payer.address)).toBe(nonce);
  });

  /** A connect session asking for `payment` or `mandate`, served by a fake app that records the answer. */
  function paymentSession(payment: Partial<ConnectPayment>, mandate?: ConnectMandate) {
    const answers: Record<string, unknown>[] = [];
    const request = {
      action: 'payment',
      token: 't',
      app: { name: 'Kiosk', url: 'http://app.test', did: 'did:pkh:eip155:1:0x0' },
      siwe: {
        domain: 'app.test',
        uri: 'http://app.test',
        nonce: 'n0nce1234',
        version: '1',
        issuedAt: new Date().toISOString(),
      },
      params: {},
      expires_at: 0,
      payment: {
        type: 'evm_transfer',
        checkout_session_id: 'cs_1',
        payer: new TestWallet({ index: 1 }).address,
        chain_id: chain.chainId,
        to: TestWallet.random().address,
        token,
        amount: '1500000',
        currency_id: 'pc_1',
        symbol: 'TT',
        decimal: 6,
        ...payment,
      },
      app_signature: '0x',
    };
    if (mandate) {
      Object.assign(request, { action: 'subscription', payment: undefined, mandate });
    }
    const fetch: WalletFetch = async (_url, init) => {
      if (init?.method === 'POST') answers.push(JSON.parse(init.body!));
      return {
        status: 200,
        headers: { get: () => null },
        json: async () => (init?.method === 'POST' ? {} : request),
      };
    };
    return { payment: request.payment, answers, wallet: new TestWallet({ index: 1, fetch }) };
  }

  it('approveConnect makes the transfer a payment session asks for and answers its hash', async () => {
    const { payment, answers, wallet } = paymentSession({});
    await wallet.approveConnect('http://app.test/auth', { rpcUrls: { [chain.chainId]: chain.rpcUrl } });
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      message: expect.stringContaining('n0nce1234'),
      tx_hash: expect.any(String),
    });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: answers[0]!.tx_hash as Hash });
    const [transfer] = parseEventLogs({ abi: ERC20_ABI, eventName: 'Transfer', logs: receipt.logs });
    expect(transfer!.args).toEqual({ from: payer.address, to: payment.to, value: 1_500_000n });

    const native = paymentSession({ token: null, amount: '777' });
    await native.wallet.approveConnect('http://app.test/auth', {
      rpcUrls: { [chain.chainId]: chain.rpcUrl },
    });
    expect(await chain.publicClient.getBalance({ address: native.payment.to })).toBe(777n);
  });

  /** A mandate whose calls are plain ERC-20 approvals: what matters here is their order and their mining. */
  function mandateOf(calls: { to: Address; data: Hex }[], chainId = chain.chainId): ConnectMandate {
    return {
      type: 'evm_mandate',
      chain_id: chainId,
      contract: TestWallet.random().address,
      mandate_id: `0x${'ab'.repeat(32)}`,
      token,
      receiver: TestWallet.random().address,
      max_per_cycle: '10',
      cycle_seconds: 60,
      starts_at: 0,
      expires_at: 1,
      allowance: '120',
      calls,
      currency_id: 'pc_1',
      decimal: 6,
      symbol: 'TT',
    };
  }
  const approve = (spender: Address, amount: bigint) => ({
    to: token,
    data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [spender, amount] }),
  });
  const allowanceOf = (spender: Address) =>
    chain.publicClient.readContract({
      address: token,
      abi: ERC20_ABI,
      functionName: 'allowance',
      args: [payer.address, spender],
    });

  it("approveConnect sends a mandate's calls in order, each mined, and answers their hashes", async () => {
    const [first, second] = [TestWallet.random().address, TestWallet.random().address];
    const { answers, wallet } = paymentSession({}, mandateOf([approve(first, 120n), approve(second, 7n)]));
    await wallet.approveConnect('http://app.test/auth', { rpcUrls: { [chain.chainId]: chain.rpcUrl } });
    expect(answers).toHaveLength(1);
    const hashes = answers[0]!.tx_hashes as Hash[];
    expect(hashes).toHaveLength(2);
    expect(answers[0]).not.toHaveProperty('tx_hash');
    const receipts = await Promise.all(
      hashes.map((hash) => chain.publicClient.getTransactionReceipt({ hash })),
    );
    expect(receipts.map((receipt) => receipt.status)).toEqual(['success', 'success']);
    // In the order asked: the second was sent after the first (a later nonce).
    const sent = await Promise.all(hashes.map((hash) => chain.publicClient.getTransaction({ hash })));
    expect(sent[1]!.nonce).toBe(sent[0]!.nonce + 1);
    expect([await allowanceOf(first), await allowanceOf(second)]).toEqual([120n, 7n]);
  });

  it('approveConnect stops at the first mandate call the chain refuses, and answers nothing', async () => {
    const spender = TestWallet.random().address;
    const tooMuch = {
      to: token,
      data: encodeFunctionData({
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [spender, 10n ** 30n],
      }),
    };
    const { answers, wallet } = paymentSession({}, mandateOf([tooMuch, approve(spender, 5n)]));
    await expect(
      wallet.approveConnect('http://app.test/auth', { rpcUrls: { [chain.chainId]: chain.rpcUrl } }),
    ).rejects.toThrow();
    expect(answers).toEqual([]);
    expect(await allowanceOf(spender)).toBe(0n);
  });

  it('approveConnect refuses to pay on a chain it has no RPC URL for, and answers nothing', async () => {
    const { answers, wallet } = paymentSession({ chain_id: 10 });
    await expect(
      wallet.approveConnect('http://app.test/auth', { rpcUrls: { [chain.chainId]: chain.rpcUrl } }),
    ).rejects.toThrow('the wallet has no RPC URL for chain 10');
    expect(answers).toEqual([]);
  });
});
