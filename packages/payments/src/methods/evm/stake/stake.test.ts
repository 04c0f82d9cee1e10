import { startDevChain, type DevChain } from '@kiosk/devchain';
import {
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployStake, kioskStakeAbi, slashRefOf, stakeIdOf } from './stake.ts';

/**
 * KioskStake on a real local chain (issue 25: "each refused by the contract itself"). Every refusal
 * is checked twice: the call answers the contract's own custom error, and the same transaction
 * forced into a block reverts and moves no token.
 */

const DAY = 86_400n;
const NOTICE = 7n * DAY;
const STAKED = 50_000_000n; // 50 tokens of 6 decimals
const MINTED = 1_000_000_000n;

type Write = 'stake' | 'slash' | 'returnStake' | 'giveNotice' | 'withdraw';

describe('the KioskStake contract', () => {
  let chain: DevChain;
  let operator: Address;
  let receiver: Address;
  let stranger: Address;
  /** Stakers, one per test so that balances never mix. */
  let stakers: Address[];
  let token: Address;
  let contract: Address;
  let stakes = 0;

  const testClient = () =>
    createTestClient({ mode: 'hardhat', chain: chain.publicClient.chain, transport: http(chain.rpcUrl) });

  async function travel(seconds: bigint) {
    await testClient().increaseTime({ seconds: Number(seconds) });
    await testClient().mine({ blocks: 1 });
  }

  const balanceOf = (of: Address) =>
    chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [of] });
  const balances = async (...of: Address[]) => Promise.all([contract, ...of].map(balanceOf));
  const readStake = (id: Hex) =>
    chain.publicClient.readContract({
      address: contract,
      abi: kioskStakeAbi,
      functionName: 'getStake',
      args: [id],
    });

  async function send(from: Address, functionName: Write, args: readonly unknown[], gas?: bigint) {
    const hash = await chain.walletOf(from).writeContract({
      address: contract,
      abi: kioskStakeAbi,
      functionName,
      args,
      ...(gas ? { gas } : {}),
    } as never);
    return (await chain.publicClient.waitForTransactionReceipt({ hash })).status;
  }

  async function approve(staker: Address, amount: bigint) {
    const hash = await chain.walletOf(staker).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [contract, amount],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  /** `staker` stakes STAKED (or `amount`) for a new id with a week's notice; answers the id. */
  async function staked(staker: Address, amount = STAKED, notice = NOTICE) {
    const id = stakeIdOf(`sub_${++stakes}`);
    await approve(staker, amount);
    expect(await send(staker, 'stake', [id, token, receiver, operator, amount, notice])).toBe('success');
    return id;
  }

  /** The contract's custom error for the call, then the same transaction forced into a block reverts; no token moves. */
  async function expectRefused(
    from: Address,
    functionName: Write,
    args: readonly unknown[],
    refusal: { reason: string; args?: readonly unknown[] },
    watched: Address[],
  ) {
    const before = await balances(...watched);
    let answer: { reason: string | undefined; args: readonly unknown[] } | undefined;
    try {
      await chain.publicClient.simulateContract({
        account: from,
        address: contract,
        abi: kioskStakeAbi,
        functionName,
        args,
      } as never);
    } catch (error) {
      const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
      if (!(reverted instanceof ContractFunctionRevertedError)) throw error;
      answer = { reason: reverted.data?.errorName, args: reverted.data?.args ?? [] };
    }
    expect(answer).toEqual({ reason: refusal.reason, args: refusal.args ?? [] });
    expect(await send(from, functionName, args, 300_000n)).toBe('reverted');
    expect(await balances(...watched)).toEqual(before);
  }

  beforeAll(async () => {
    chain = await startDevChain();
    const [deployer] = chain.accounts as [Address];
    [operator, receiver, stranger] = chain.accounts.slice(1, 4) as [Address, Address, Address];
    stakers = chain.accounts.slice(4);
    token = getAddress(
      await chain.deployDemoToken({
        name: 'Test Dollar',
        symbol: 'TUSD',
        decimals: 6,
        mintTo: stakers,
        amount: MINTED,
      }),
    );
    contract = await deployStake(chain.walletOf(deployer), chain.publicClient);
  });
  afterAll(() => chain?.stop());

  it('holds a stake in escrow, and slashes only to the receiver, by the operator, never more than is left', async () => {
    const staker = stakers[0]!;
    const id = await staked(staker);
    expect(await readStake(id)).toMatchObject({
      staker,
      token,
      receiver,
      operator,
      amount: STAKED,
      closed: false,
    });
    expect(await balanceOf(staker)).toBe(MINTED - STAKED);
    expect(await balanceOf(contract)).toBe(STAKED);

    // Neither a stranger nor the receiver (the merchant's own wallet) slashes: only the operator.
    for (const who of [stranger, receiver, staker])
      await expectRefused(
        who,
        'slash',
        [id, 1n, slashRefOf('in_1')],
        { reason: 'NotOperator', args: [id, who] },
        [receiver, staker],
      );
    await expectRefused(
      operator,
      'slash',
      [id, STAKED + 1n, slashRefOf('in_1')],
      { reason: 'AboveStaked', args: [id, STAKED + 1n, STAKED] },
      [receiver, staker],
    );

    expect(await send(operator, 'slash', [id, 20_000_000n, slashRefOf('in_1')])).toBe('success');
    expect(await balances(receiver, staker)).toEqual([30_000_000n, 20_000_000n, MINTED - STAKED]);
    await expectRefused(
      operator,
      'slash',
      [id, 30_000_001n, slashRefOf('in_2')],
      { reason: 'AboveStaked', args: [id, 30_000_001n, 30_000_000n] },
      [receiver, staker],
    );
    // Slashed to nothing, the stake is closed: nothing is left to return.
    expect(await send(operator, 'slash', [id, 30_000_000n, slashRefOf('in_2')])).toBe('success');
    expect(await readStake(id)).toMatchObject({ amount: 0n, closed: true });
    await expectRefused(operator, 'returnStake', [id], { reason: 'Closed', args: [id] }, [staker]);
  });

  it('returns the whole rest to the staker once, by the operator only', async () => {
    const staker = stakers[1]!;
    const id = await staked(staker);
    expect(await send(operator, 'slash', [id, 5_000_000n, slashRefOf('in_3')])).toBe('success');
    await expectRefused(stranger, 'returnStake', [id], { reason: 'NotOperator', args: [id, stranger] }, [
      staker,
    ]);

    expect(await send(operator, 'returnStake', [id])).toBe('success');
    expect(await balances(staker)).toEqual([0n, MINTED - 5_000_000n]);
    await expectRefused(operator, 'returnStake', [id], { reason: 'Closed', args: [id] }, [staker]);
    await expectRefused(operator, 'slash', [id, 1n, slashRefOf('in_4')], { reason: 'Closed', args: [id] }, [
      receiver,
    ]);
  });

  it('lets the staker withdraw only after notice, while the operator may still slash during it', async () => {
    const staker = stakers[2]!;
    const id = await staked(staker);
    await expectRefused(staker, 'withdraw', [id], { reason: 'NoticeNotGiven', args: [id] }, [staker]);
    await expectRefused(stranger, 'giveNotice', [id], { reason: 'NotStaker', args: [id, stranger] }, [
      staker,
    ]);

    expect(await send(staker, 'giveNotice', [id])).toBe('success');
    const { withdrawableAt } = await readStake(id);
    await expectRefused(
      staker,
      'giveNotice',
      [id],
      { reason: 'NoticeAlreadyGiven', args: [id, withdrawableAt] },
      [staker],
    );
    await expectRefused(staker, 'withdraw', [id], { reason: 'NoticeRunning', args: [id, withdrawableAt] }, [
      staker,
    ]);
    // What the stake backs is still owed during the notice.
    expect(await send(operator, 'slash', [id, 10_000_000n, slashRefOf('in_5')])).toBe('success');

    await travel(NOTICE);
    await expectRefused(operator, 'withdraw', [id], { reason: 'NotStaker', args: [id, operator] }, [staker]);
    expect(await send(staker, 'withdraw', [id])).toBe('success');
    expect(await balances(staker)).toEqual([0n, MINTED - 10_000_000n]);
    await expectRefused(staker, 'withdraw', [id], { reason: 'Closed', args: [id] }, [staker]);
    await expectRefused(operator, 'returnStake', [id], { reason: 'Closed', args: [id] }, [staker]);
  });

  it('refuses a stake it could not hold: an id taken, nothing staked, a notice too long, tokens not approved', async () => {
    const staker = stakers[3]!;
    const id = await staked(staker, 1_000_000n);
    const again = [id, token, receiver, operator, 1_000_000n, NOTICE] as const;
    await approve(staker, 1_000_000n);
    await expectRefused(staker, 'stake', again, { reason: 'StakeExists', args: [id] }, [staker]);

    const fresh = stakeIdOf('sub_never');
    await expectRefused(
      staker,
      'stake',
      [fresh, token, receiver, operator, 0n, NOTICE],
      { reason: 'ZeroAmount' },
      [staker],
    );
    const tooLong = 91n * DAY;
    await expectRefused(
      staker,
      'stake',
      [fresh, token, receiver, operator, 1n, tooLong],
      { reason: 'NoticeTooLong', args: [tooLong, 90n * DAY] },
      [staker],
    );
    await expectRefused(
      staker,
      'stake',
      [fresh, stranger, receiver, operator, 1n, NOTICE],
      { reason: 'NotAContract', args: [stranger] },
      [staker],
    );
    // Approved 1 token, asked to stake 2: the token's own refusal, passed on.
    const refused = await chain.publicClient
      .simulateContract({
        account: staker,
        address: contract,
        abi: kioskStakeAbi,
        functionName: 'stake',
        args: [fresh, token, receiver, operator, 2_000_000n, NOTICE],
      })
      .catch((error: BaseError) => error.walk((cause) => cause instanceof ContractFunctionRevertedError));
    expect((refused as ContractFunctionRevertedError).data?.errorName).toBe('TransferFailed');
    expect(await readStake(fresh)).toMatchObject({ staker: '0x0000000000000000000000000000000000000000' });
    await expectRefused(
      operator,
      'slash',
      [fresh, 1n, slashRefOf('in_6')],
      { reason: 'StakeNotFound', args: [fresh] },
      [receiver],
    );
  });
});
