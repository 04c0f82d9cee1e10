import { shortAddress } from '../../../lib/short-address.ts';

/**
 * `0x7099…79c8` for `did:pkh:eip155:1:0x7099…79c8`: a DID's own identifier shortened, its method
 * (the same on every row) left out.
 */
export function shortDid(did: string): string {
  return shortAddress(did.slice(did.lastIndexOf(':') + 1));
}
