import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  stringToHex,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import type { WalletCall } from '../collector/mandate.ts';
import { deployArtifact, type SigningWallet } from '../deploy-artifact.ts';
import artifact from './KioskStake.json' with { type: 'json' };
import { kioskStakeAbi } from './stake-abi.ts';

/**
 * TypeScript side of KioskStake.sol (read its header first): deployment, the ids it keys stakes by,
 * the calls a customer's wallet sends to stake, and reading a stake back.
 */

export { kioskStakeAbi } from './stake-abi.ts';

/** The id of the stake backing `of` (a subscription's or a developer membership's id). */
export function stakeIdOf(of: string): Hex {
  return keccak256(stringToHex(`stake:${of}`));
}

/** The `ref` a slash carries in its Slashed event: the invoice it pays. */
export function slashRefOf(invoiceId: string): Hex {
  return keccak256(stringToHex(invoiceId));
}

/** Deploys KioskStake. One deployment per chain serves every merchant; answers its address. */
export const deployStake = (wallet: SigningWallet, client: PublicClient): Promise<Address> =>
  deployArtifact(wallet, client, { name: 'KioskStake', abi: kioskStakeAbi, bytecode: artifact.bytecode });

/** What a stake is asked as: who may slash or return it, where a slash goes, and for how long notice runs. */
export interface StakeTerms {
  token: Address;
  receiver: Address;
  operator: Address;
  amount: bigint;
  noticeSeconds: bigint;
}

/**
 * The staker's calls: an allowance of exactly the stake to the contract, which `stake` takes at once,
 * then the stake itself.
 */
export function stakeCalls(contract: Address, id: Hex, terms: StakeTerms): WalletCall[] {
  return [
    {
      to: terms.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contract, terms.amount] }),
    },
    {
      to: contract,
      data: encodeFunctionData({
        abi: kioskStakeAbi,
        functionName: 'stake',
        args: [id, terms.token, terms.receiver, terms.operator, terms.amount, terms.noticeSeconds],
      }),
    },
  ];
}

/** A stake as the contract stores it; `withdrawableAt` is 0 until the staker gave notice. */
export interface StakeRecord {
  staker: Address;
  token: Address;
  receiver: Address;
  operator: Address;
  amount: bigint;
  noticeSeconds: bigint;
  withdrawableAt: bigint;
  closed: boolean;
}

/** The stake under `id` at `blockNumber` (latest when unset); undefined when nobody staked under it. */
export async function readStake(
  client: PublicClient,
  contract: Address,
  id: Hex,
  blockNumber?: bigint,
): Promise<StakeRecord | undefined> {
  const stored = await client.readContract({
    address: contract,
    abi: kioskStakeAbi,
    functionName: 'getStake',
    args: [id],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });
  if (/^0x0{40}$/.test(stored.staker)) return undefined;
  return {
    staker: stored.staker,
    token: stored.token,
    receiver: stored.receiver,
    operator: stored.operator,
    amount: stored.amount,
    noticeSeconds: stored.noticePeriod,
    withdrawableAt: stored.withdrawableAt,
    closed: stored.closed,
  };
}

/**
 * The transaction that staked under `id`, looked for in the `window` blocks up to `toBlock` (a stake
 * just verified was made moments ago; an unbounded log query is what public nodes refuse).
 */
export async function findStakeTransaction(
  client: PublicClient,
  contract: Address,
  id: Hex,
  toBlock: bigint,
  window = 10_000n,
): Promise<Hash | undefined> {
  const [staked] = await client.getContractEvents({
    address: contract,
    abi: kioskStakeAbi,
    eventName: 'Staked',
    args: { id },
    fromBlock: toBlock > window ? toBlock - window : 0n,
    toBlock,
  });
  return staked?.transactionHash ?? undefined;
}
