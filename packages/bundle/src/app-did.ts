import { privateKeyToAddress } from 'viem/accounts';

/**
 * An app is named by the DID of its own secp256k1 key (issue 12 item 1), in the form identity gives
 * every EVM account: `did:pkh:eip155:1:{address, lowercase}`. Lowercase only, so that one key has
 * exactly one DID text and two spellings of the same app can never be two apps.
 */
export const APP_DID_PATTERN = /^did:pkh:eip155:1:0x[0-9a-f]{40}$/;

export function isAppDid(value: string): boolean {
  return APP_DID_PATTERN.test(value);
}

/**
 * The DID of an EVM address, as identity's `didFromAddress` writes every account's: this package sits
 * below identity, and the address here always comes from viem (a key's, or a signature's signer).
 */
export function appDidOfAddress(address: `0x${string}`): string {
  return `did:pkh:eip155:1:${address.toLowerCase()}`;
}

/** The app DID of a private key (what `kiosk keygen` prints and kiosk.json's `did` holds). */
export function appDidFromPrivateKey(privateKey: `0x${string}`): string {
  return appDidOfAddress(privateKeyToAddress(privateKey));
}

/** The address an app DID names, or undefined when the text is not an app DID. */
export function addressOfAppDid(did: string): `0x${string}` | undefined {
  return isAppDid(did) ? (did.slice('did:pkh:eip155:1:'.length) as `0x${string}`) : undefined;
}
