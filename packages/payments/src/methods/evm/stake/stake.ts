import { keccak256, stringToHex, type Address, type Hex, type PublicClient } from 'viem';
import { deployArtifact, type SigningWallet } from '../deploy-artifact.ts';
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

/** Deploys KioskStake. One deployment per chain serves every merchant; answers its address. */
export const deployStake = (wallet: SigningWallet, client: PublicClient): Promise<Address> =>
  deployArtifact(wallet, client, { name: 'KioskStake', abi: kioskStakeAbi, bytecode: artifact.bytecode });
