import { addressOfDid } from '@kiosk/core';

/** `0xAbCd…1234`: enough to recognise an address, short enough for a header or a chip. */
export function shortAddress(address: string, visible = 4): string {
  if (address.length <= 2 + visible * 2 + 1) return address;
  return `${address.slice(0, 2 + visible)}…${address.slice(-visible)}`;
}

/**
 * `0x7099…79c8` for `did:pkh:eip155:1:0x7099…79c8`: a DID's own identifier shortened, its method
 * (the same on every row) left out.
 */
export function shortDid(did: string): string {
  return shortAddress(addressOfDid(did));
}
