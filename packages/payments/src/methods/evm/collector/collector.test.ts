import { readFile } from 'node:fs/promises';
import { compileSource, startDevChain, type ContractArtifact, type DevChain } from '@kiosk/devchain';
import {
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  decodeErrorResult,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collect,
  collectionReadiness,
  collectionRefOf,
  deployCollector,
  findCollection,
  kioskCollectorAbi,
  mandateAuthorization,
  mandateIdOf,
  mandateRevocation,
  mandateRevocations,
  readMandate,
  type CollectorErrorName,
  type MandateTerms,
  type WalletCall,
} from './collector.ts';

/**
 * KioskCollector on a real local chain, driven through its bindings the way the server and the
 * customer's wallet will. Every refusal is checked twice: the bindings answer the contract's own
 * custom error (from a call), and the same pull forced into a block reverts and moves nothing.
 */

const DAY = 86_400n;
const CYCLE = 30n * DAY;
const MAX = 10_000_000n; // 10 tokens of 6 decimals per cycle
const MINTED = 1_000_000_000n;

describe('the KioskCollector contract', () => {
  let chain: DevChain;
  let deployer: Address;
  let collectorAccount: Address;
  let receiver: Address;
  let stranger: Address;
  /** Customers, one per test so that balances and allowances never mix. */
  let payers: Address[];
  let token: Address;
  let collector: Address;
  let subscriptions = 0;

  const testClient = () =>
    createTestClient({ mode: 'hardhat', chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });

  /** Chain time: the clock the contract reads. */
  const now = async () => (await chain.publicClient.getBlock({ blockTag: 'latest' })).timestamp;
  /** evm_increaseTime then evm_mine, so the next pull lands `seconds` later. */
  async function travel(seconds: bigint) {
    await testClient().increaseTime({ seconds: Number(seconds) });
    await testClient().mine({ blocks: 1 });
  }

  const balanceOf = (of: Address, ofToken = token) =>
    chain.publicClient.readContract({
      address: ofToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [of],
    });

  async function send(from: Address, call: WalletCall) {
    const hash = await chain.walletOf(from).sendTransaction(call);
    return (await chain.publicClient.waitForTransactionReceipt({ hash })).status;
  }

  async function approve(payer: Address, amount: bigint, ofToken = token) {
    const hash = await chain.walletOf(payer).writeContract({
      address: ofToken,
      abi: erc20Abi,
      functionName: 'approve',
      args: [collector, amount],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  /** The terms of a mandate starting now: MAX every 30 days for a year, pulled by the collector account. */
  async function termsFor(overrides: Partial<MandateTerms> = {}): Promise<MandateTerms> {
    const startsAt = await now();
    return {
      token,
      receiver,
      collector: collectorAccount,
      maxPerCycle: MAX,
      cycleSeconds: CYCLE,
      startsAt,
      expiresAt: startsAt + 365n * DAY,
      ...overrides,
    };
  }

  /** The customer signs the wallet calls mandateAuthorization answers; answers the mandate id. */
  async function authorise(payer: Address, terms: MandateTerms, id = mandateIdOf(`sub_${++subscriptions}`)) {
    for (const call of mandateAuthorization({ collectorContract: collector, id, terms }))
      expect(await send(payer, call)).toBe('success');
    return id;
  }

  const pull = (id: Hex, amount: bigint, options: { from?: Address; invoice?: string } = {}) =>
    collect({
      client: chain.publicClient,
      wallet: chain.walletOf(options.from ?? collectorAccount),
      collectorContract: collector,
      id,
      amount,
      ref: collectionRefOf(options.invoice ?? 'in_test'),
    });

  /** The bindings answer the contract's refusal, and the same pull forced into a block reverts, moving no token. */
  async function expectRefused(
    id: Hex,
    amount: bigint,
    reason: CollectorErrorName,
    args: readonly unknown[],
    options: { from?: Address; payer: Address; token?: Address },
  ) {
    const ofToken = options.token ?? token;
    const before = [await balanceOf(options.payer, ofToken), await balanceOf(receiver, ofToken)];
    expect(await pull(id, amount, options)).toEqual({ outcome: 'refused', reason, args });
    expect(await forcedPull(id, amount, options.from)).toBe('reverted');
    expect([await balanceOf(options.payer, ofToken), await balanceOf(receiver, ofToken)]).toEqual(before);
    expect(await balanceOf(collector, ofToken)).toBe(0n);
  }

  /** The contract's custom error that `call` (a simulated transaction) was refused with. */
  async function refusalOf(call: Promise<unknown>) {
    try {
      await call;
    } catch (error) {
      const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError)
        return { reason: reverted.data?.errorName, args: reverted.data?.args ?? [] };
      throw error;
    }
    throw new Error('the call was not refused');
  }

  const asks = (
    account: Address,
    functionName: 'createMandate' | 'revokeMandate',
    args: readonly unknown[],
  ) =>
    chain.publicClient.simulateContract({
      account,
      address: collector,
      abi: kioskCollectorAbi,
      functionName,
      args,
      gas: 300_000n,
    } as never);

  /** createMandate's refusal: the call's custom error, and the transaction forced into a block reverts. */
  async function expectCreateRefused(
    payer: Address,
    id: Hex,
    terms: MandateTerms,
    reason: CollectorErrorName,
    args: readonly unknown[] = [],
  ) {
    const call = [
      id,
      terms.token,
      terms.receiver,
      terms.collector,
      terms.maxPerCycle,
      terms.cycleSeconds,
      terms.startsAt,
      terms.expiresAt,
    ] as const;
    expect(await refusalOf(asks(payer, 'createMandate', call))).toEqual({ reason, args });
    const hash = await chain.walletOf(payer).writeContract({
      address: collector,
      abi: kioskCollectorAbi,
      functionName: 'createMandate',
      args: call,
      gas: 300_000n,
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
  }

  /** Sends a pull without asking the contract first (a fixed gas skips the estimate); answers the receipt's status. */
  async function forcedPull(id: Hex, amount: bigint, from = collectorAccount) {
    const hash = await chain.walletOf(from).writeContract({
      address: collector,
      abi: kioskCollectorAbi,
      functionName: 'collect',
      args: [id, amount, collectionRefOf('in_forced')],
      gas: 300_000n,
    });
    return (await chain.publicClient.waitForTransactionReceipt({ hash })).status;
  }

  beforeAll(async () => {
    chain = await startDevChain();
    [deployer, collectorAccount, receiver, stranger] = chain.accounts as [Address, Address, Address, Address];
    payers = chain.accounts.slice(4);
    token = getAddress(
      await chain.deployDemoToken({
        name: 'Test Dollar',
        symbol: 'TUSD',
        decimals: 6,
        mintTo: payers,
        amount: MINTED,
      }),
    );
    collector = await deployCollector(chain.walletOf(deployer), chain.publicClient);
  });
  afterAll(() => chain?.stop());

  it('collects once a cycle over three cycles, straight from the payer to the receiver', async () => {
    const payer = payers[0]!;
    const terms = await termsFor();
    const id = await authorise(payer, terms);
    const mandate = await readMandate(chain.publicClient, collector, id);
    expect(mandate).toMatchObject({ ...terms, id, payer, revoked: false, nextCycle: 0n });
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [payer, collector],
      }),
    ).toBe(MAX * 13n); // every cycle that begins within the year: 365 / 30 → 13

    const receivedBefore = await balanceOf(receiver);
    const amounts = [MAX, 7_500_000n, 1n];
    for (const [cycle, amount] of amounts.entries()) {
      const readiness = await collectionReadiness(chain.publicClient, collector, {
        id,
        amount,
        expected: { payer, token, receiver, collector: collectorAccount },
      });
      expect(readiness).toMatchObject({
        outcome: 'ready',
        cycle: BigInt(cycle),
        funds: { balance: { sufficient: true }, delegation: { sufficient: true } },
      });
      const outcome = await pull(id, amount, { invoice: `in_${cycle}` });
      expect(outcome).toMatchObject({
        outcome: 'collected',
        cycle: BigInt(cycle),
        transfer: { token, from: payer, to: receiver, value: amount },
      });
      const found = await findCollection(chain.publicClient, collector, {
        id,
        ref: collectionRefOf(`in_${cycle}`),
        fromBlock: 0n,
      });
      expect(found).toEqual({
        txHash: outcome.outcome === 'collected' ? outcome.txHash : undefined,
        blockNumber: outcome.outcome === 'collected' ? outcome.blockNumber : undefined,
        cycle: BigInt(cycle),
        amount,
      });
      // This cycle is taken: readiness waits for the next one instead of refusing.
      expect(await collectionReadiness(chain.publicClient, collector, { id, amount })).toMatchObject({
        outcome: 'waiting',
        reason: 'CYCLE_COLLECTED',
        retryAt: terms.startsAt + BigInt(cycle + 1) * CYCLE,
      });
      await travel(CYCLE);
    }

    const total = amounts.reduce((sum, amount) => sum + amount, 0n);
    expect(await balanceOf(payer)).toBe(MINTED - total);
    expect(await balanceOf(receiver)).toBe(receivedBefore + total);
    expect(await balanceOf(collector)).toBe(0n);
    expect(await readMandate(chain.publicClient, collector, id)).toMatchObject({ nextCycle: 3n });
    expect(
      await findCollection(chain.publicClient, collector, {
        id,
        ref: collectionRefOf('in_9'),
        fromBlock: 0n,
      }),
    ).toBeUndefined();
  });

  it('refuses a pull above the mandate', async () => {
    const payer = payers[1]!;
    const id = await authorise(payer, await termsFor());
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: MAX + 1n })).toMatchObject({
      outcome: 'refused',
      reason: 'AMOUNT_OUTSIDE_MANDATE',
    });
    await expectRefused(id, MAX + 1n, 'AboveMaximum', [id, MAX + 1n, MAX], { payer });
    await expectRefused(id, 0n, 'ZeroAmount', [], { payer });
    // Refused pulls do not use up the cycle.
    expect(await pull(id, MAX)).toMatchObject({ outcome: 'collected', cycle: 0n });
  });

  it('refuses a second pull in one cycle, up to the last second of it', async () => {
    const payer = payers[2]!;
    const terms = await termsFor();
    const id = await authorise(payer, terms);
    expect(await pull(id, 1_000n)).toMatchObject({ outcome: 'collected', cycle: 0n });
    const nextCycleAt = terms.startsAt + CYCLE;
    // In the last second of cycle 0 still refused; in the first second of cycle 1 it passes.
    await testClient().setNextBlockTimestamp({ timestamp: nextCycleAt - 1n });
    expect(await forcedPull(id, 1_000n)).toBe('reverted');
    await testClient().setNextBlockTimestamp({ timestamp: nextCycleAt });
    expect(await forcedPull(id, 1_000n)).toBe('success');
    expect(await readMandate(chain.publicClient, collector, id)).toMatchObject({ nextCycle: 2n });
  });

  it('two pulls racing for one cycle take the money once', async () => {
    const payer = payers[3]!;
    const id = await authorise(payer, await termsFor());
    const before = await balanceOf(payer);
    // Both are asked and sent before either is mined, as two servers collecting at once would.
    await testClient().setAutomine(false);
    try {
      const racing = [pull(id, 5_000n, { invoice: 'in_a' }), pull(id, 5_000n, { invoice: 'in_b' })];
      await new Promise((resolve) => setTimeout(resolve, 500));
      await testClient().mine({ blocks: 1 });
      const outcomes = await Promise.all(racing);
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['collected', 'refused']);
      // The loser was sent and mined: the contract itself reverted it, and replaying it says why.
      expect(outcomes.find((outcome) => outcome.outcome === 'refused')).toMatchObject({
        reason: 'CycleCollected',
        args: [id, 0n, expect.any(BigInt)],
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
    } finally {
      await testClient().setAutomine(true);
    }
    expect(await balanceOf(payer)).toBe(before - 5_000n);
  });

  it('refuses every pull after the customer revoked the mandate, which only they can do', async () => {
    const payer = payers[4]!;
    const id = await authorise(payer, await termsFor());
    const from = await chain.publicClient.getBlockNumber();
    expect(await pull(id, 1_000n)).toMatchObject({ outcome: 'collected' });

    // Nobody but the payer can revoke: not the merchant's collector, not a stranger.
    for (const other of [collectorAccount, stranger]) {
      expect(await refusalOf(asks(other, 'revokeMandate', [id]))).toEqual({
        reason: 'NotPayer',
        args: [id, other],
      });
    }
    expect(await send(payer, mandateRevocation(collector, id))).toBe('success');
    expect(
      await mandateRevocations(chain.publicClient, collector, {
        fromBlock: from,
        toBlock: await chain.publicClient.getBlockNumber(),
      }),
    ).toEqual([expect.objectContaining({ id, payer })]);
    expect(await readMandate(chain.publicClient, collector, id)).toMatchObject({ revoked: true });

    await travel(CYCLE);
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 1_000n })).toMatchObject({
      outcome: 'refused',
      reason: 'MANDATE_REVOKED',
      funds: { balance: { sufficient: true }, delegation: { sufficient: true } },
    });
    await expectRefused(id, 1_000n, 'Revoked', [id], { payer });
    // Revoked for good: not twice, and the id is never taken again.
    expect(await refusalOf(asks(payer, 'revokeMandate', [id]))).toEqual({ reason: 'Revoked', args: [id] });
    await expectCreateRefused(payer, id, await termsFor(), 'MandateExists', [id]);
  });

  it("refuses a pull by any account but the mandate's collector", async () => {
    const payer = payers[5]!;
    const id = await authorise(payer, await termsFor());
    for (const other of [stranger, receiver, payer, deployer])
      await expectRefused(id, 1_000n, 'NotCollector', [id, other], { from: other, payer });
    expect(await pull(id, 1_000n)).toMatchObject({ outcome: 'collected' });
  });

  it('a lowered allowance: readiness says so and the pull reverts; then the same for a spent balance', async () => {
    const payer = payers[6]!;
    const id = await authorise(payer, await termsFor());
    await approve(payer, 4_000n);
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 5_000n })).toMatchObject({
      outcome: 'refused',
      reason: 'ALLOWANCE_INSUFFICIENT',
      funds: {
        balance: { amount: MINTED, sufficient: true },
        delegation: { allowance: 4_000n, sufficient: false },
      },
    });
    await expectRefused(id, 5_000n, 'AllowanceTooLow', [4_000n, 5_000n], { payer });

    await approve(payer, MAX);
    const hash = await chain.walletOf(payer).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [stranger, MINTED - 3_000n],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 5_000n })).toMatchObject({
      outcome: 'refused',
      reason: 'BALANCE_INSUFFICIENT',
      funds: { balance: { amount: 3_000n, sufficient: false }, delegation: { sufficient: true } },
    });
    await expectRefused(id, 5_000n, 'BalanceTooLow', [3_000n, 5_000n], { payer });
    // A failed pull leaves the cycle open: the customer tops up and the retry passes.
    expect(await pull(id, 3_000n)).toMatchObject({ outcome: 'collected', cycle: 0n });
  });

  it('refuses pulls before the mandate starts and from its expiry on', async () => {
    const payer = payers[7]!;
    const startsAt = (await now()) + DAY;
    const terms = await termsFor({ startsAt, expiresAt: startsAt + 2n * CYCLE });
    const id = await authorise(payer, terms);
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 1_000n })).toMatchObject({
      outcome: 'waiting',
      reason: 'MANDATE_NOT_STARTED',
      retryAt: startsAt,
    });
    await expectRefused(id, 1_000n, 'NotStarted', [id, startsAt], { payer });

    await travel(DAY + CYCLE);
    expect(await pull(id, 1_000n)).toMatchObject({ outcome: 'collected', cycle: 1n });
    await testClient().setNextBlockTimestamp({ timestamp: terms.expiresAt });
    await testClient().mine({ blocks: 1 });
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 1_000n })).toMatchObject({
      outcome: 'refused',
      reason: 'MANDATE_EXPIRED',
    });
    await expectRefused(id, 1_000n, 'Expired', [id, terms.expiresAt], { payer });
  });

  it('refuses to reuse a mandate id, whoever asks, and keeps the first mandate', async () => {
    const [payer, other] = [payers[8]!, payers[9]!];
    const terms = await termsFor();
    const id = await authorise(payer, terms);
    const hijack = { ...terms, receiver: stranger, maxPerCycle: MAX * 100n };
    await expectCreateRefused(other, id, hijack, 'MandateExists', [id]);
    await expectCreateRefused(payer, id, terms, 'MandateExists', [id]);
    expect(await readMandate(chain.publicClient, collector, id)).toMatchObject({
      payer,
      receiver,
      maxPerCycle: MAX,
    });
  });

  it('refuses mandates it could not honour', async () => {
    const payer = payers[10]!;
    const id = mandateIdOf('sub_bad_terms');
    const terms = await termsFor();
    const zero = '0x0000000000000000000000000000000000000000';
    await expectCreateRefused(payer, id, { ...terms, token: stranger }, 'NotAContract', [stranger]);
    await expectCreateRefused(payer, id, { ...terms, receiver: zero }, 'ZeroAddress');
    await expectCreateRefused(payer, id, { ...terms, collector: zero }, 'ZeroAddress');
    await expectCreateRefused(payer, id, { ...terms, maxPerCycle: 0n }, 'ZeroMaximum');
    await expectCreateRefused(payer, id, { ...terms, cycleSeconds: 0n }, 'ZeroCycleLength');
    const past = terms.startsAt - DAY;
    await expectCreateRefused(payer, id, { ...terms, startsAt: past - DAY, expiresAt: past }, 'BadExpiry', [
      past - DAY,
      past,
    ]);
    await expectCreateRefused(payer, id, { ...terms, expiresAt: terms.startsAt }, 'BadExpiry', [
      terms.startsAt,
      terms.startsAt,
    ]);
    expect(await readMandate(chain.publicClient, collector, id)).toBeUndefined();
    expect(await collectionReadiness(chain.publicClient, collector, { id, amount: 1n })).toEqual({
      outcome: 'refused',
      reason: 'MANDATE_NOT_FOUND',
    });
    expect(await pull(id, 1n)).toEqual({ outcome: 'refused', reason: 'MandateNotFound', args: [id] });
  });

  it('readiness refuses a mandate that is not the one the server recorded', async () => {
    const payer = payers[11]!;
    const id = await authorise(payer, await termsFor());
    expect(
      await collectionReadiness(chain.publicClient, collector, {
        id,
        amount: 1_000n,
        expected: { payer: stranger, token, receiver: payer },
      }),
    ).toMatchObject({ outcome: 'refused', reason: 'MANDATE_MISMATCH', fields: ['payer', 'receiver'] });
  });

  it('holds no ether: a transfer of ether to it reverts', async () => {
    const hash = await chain.walletOf(stranger).sendTransaction({ to: collector, value: 1n, gas: 100_000n });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await chain.publicClient.getBalance({ address: collector })).toBe(0n);
  });

  describe('with tokens that bend ERC-20', () => {
    type QuirkyName = 'NoBoolToken' | 'FalseToken' | 'ReentrantToken';
    let quirky: ContractArtifact[];

    beforeAll(async () => {
      const source = await readFile(new URL('test-tokens/QuirkyTokens.sol', import.meta.url), 'utf8');
      quirky = await compileSource('QuirkyTokens.sol', source);
    });

    const quirkyAbi = (name: QuirkyName) => quirky.find((artifact) => artifact.contractName === name)!.abi;

    async function deployQuirky(name: QuirkyName, mintTo: Address) {
      const { abi, bytecode } = quirky.find((artifact) => artifact.contractName === name)!;
      const hash = await chain.walletOf(deployer).deployContract({ abi, bytecode });
      const address = getAddress(
        (await chain.publicClient.waitForTransactionReceipt({ hash })).contractAddress!,
      );
      const minted = await chain.walletOf(deployer).writeContract({
        address,
        abi,
        functionName: 'mint',
        args: [mintTo, MINTED],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash: minted });
      return address;
    }

    it('collects a token whose transferFrom returns nothing (USDT-style), and its refusals still refuse', async () => {
      const payer = payers[12]!;
      const noBool = await deployQuirky('NoBoolToken', payer);
      const terms = await termsFor({ token: noBool });
      const id = await authorise(payer, terms);
      expect(await pull(id, 2_000n)).toMatchObject({
        outcome: 'collected',
        transfer: { token: noBool, from: payer, to: receiver, value: 2_000n },
      });
      expect(await balanceOf(receiver, noBool)).toBe(2_000n);

      // The customer lowers the allowance; USDT refuses non-zero to non-zero, so the wallet resets first.
      const current = MAX * 13n - 2_000n;
      const lower = mandateAuthorization({
        collectorContract: collector,
        id,
        terms,
        allowance: 1_000n,
        currentAllowance: current,
      });
      expect(lower).toHaveLength(3); // approve(0), approve(1000), createMandate
      for (const call of lower.slice(0, 2)) expect(await send(payer, call)).toBe('success');
      await travel(CYCLE);
      await expectRefused(id, 2_000n, 'AllowanceTooLow', [1_000n, 2_000n], { payer, token: noBool });
      expect(await pull(id, 1_000n)).toMatchObject({ outcome: 'collected', cycle: 1n });
    });

    it('refuses a pull the token answered false to, instead of counting it as paid', async () => {
      const payer = payers[13]!;
      const falseToken = await deployQuirky('FalseToken', payer);
      const id = await authorise(payer, await termsFor({ token: falseToken }));
      const hash = await chain.walletOf(deployer).writeContract({
        address: falseToken,
        abi: quirkyAbi('FalseToken'),
        functionName: 'setRefuseTransfers',
        args: [true],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash });
      const answeredFalse = `0x${'0'.repeat(64)}`;
      await expectRefused(id, 2_000n, 'TransferFailed', [falseToken, answeredFalse], {
        payer,
        token: falseToken,
      });
      expect(await readMandate(chain.publicClient, collector, id)).toMatchObject({ nextCycle: 0n });
    });

    it('marks the cycle collected before the token is called: a token calling back in is refused', async () => {
      const payer = payers[14]!;
      const hostile = await deployQuirky('ReentrantToken', payer);
      const abi = quirkyAbi('ReentrantToken');
      const id = await authorise(payer, await termsFor({ token: hostile, collector: hostile }));
      const hash = await chain.walletOf(stranger).writeContract({
        address: hostile,
        abi,
        functionName: 'pull',
        args: [collector, id, 2_000n],
      });
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
      const read = (functionName: string) =>
        chain.publicClient.readContract({ address: hostile, abi, functionName, args: [] });
      expect(await read('innerPassed')).toBe(false);
      const refusal = decodeErrorResult({
        abi: kioskCollectorAbi,
        data: (await read('innerRefusal')) as Hex,
      });
      expect(refusal.errorName).toBe('CycleCollected');
      expect(await balanceOf(receiver, hostile)).toBe(2_000n);
      expect(await balanceOf(payer, hostile)).toBe(MINTED - 2_000n);
    });
  });
});
