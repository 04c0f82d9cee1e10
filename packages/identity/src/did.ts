import { getAddress, isAddress } from 'viem';

/**
 * An EVM account's DID. The chain id is always 1: the DID names the key, which signs the same on every
 * EVM chain, so one person is one user whichever network their wallet is on.
 */
export function didFromAddress(address: string): string {
  if (!isAddress(address)) throw new Error(`not an EVM address: ${address}`);
  return `did:pkh:eip155:1:${address.toLowerCase()}`;
}

export function checksumAddress(address: string): string {
  return getAddress(address);
}
