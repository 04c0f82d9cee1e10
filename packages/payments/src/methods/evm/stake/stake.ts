import { getAddress, keccak256, stringToHex, type Address, type Hex, type PublicClient } from 'viem';
import type { SigningWallet } from '../collector/collector.ts';
import artifact from './KioskStake.json' with { type: 'json' };
import { kioskStakeAbi } from './stake-abi.ts';

/**
 * TypeScript side of KioskStake.sol (read its header first): deployment and the ids it keys stakes
 * by. The subscription and membership flows that stake, slash and return build on these (issue 25).
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

/**
 * Deploys KioskStake from the committed artifact (never a fresh compile, so what runs is what was
 * reviewed). One deployment per chain serves every merchant; answers its address.
 */
export async function deployStake(wallet: SigningWallet, client: PublicClient): Promise<Address> {
  const hash = await wallet.deployContract({ abi: kioskStakeAbi, bytecode: artifact.bytecode as Hex });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`deploying KioskStake failed (transaction ${hash})`);
  return getAddress(receipt.contractAddress);
}
