import {
  getAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';

/** A wallet client that signs as one account on one chain (the collector, a deployer, a customer). */
export type SigningWallet = WalletClient<Transport, Chain, Account>;

/**
 * Deploys one of the project's contracts from its committed artifact (never a fresh compile, so what
 * runs is what was reviewed); answers its address.
 */
export async function deployArtifact(
  wallet: SigningWallet,
  client: PublicClient,
  contract: { name: string; abi: Abi; bytecode: string },
): Promise<Address> {
  const hash = await wallet.deployContract({ abi: contract.abi, bytecode: contract.bytecode as Hex });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`deploying ${contract.name} failed (transaction ${hash})`);
  return getAddress(receipt.contractAddress);
}
