import { addressOfDid } from '@kiosk/core';

/** `0xAbCd…1234`: enough to recognise an address, short enough for a header or a chip. */
export function shortAddress(address: string, visible = 4): string {
  if (address.length <= 2 + visible * 2 + 1) return address;
  return `${address.slice(0, 2 + visible)}…${address.slice(-visible)}`;
}

export interface ShortDidOptions {
  /** Characters kept at each end of the identifier; an account's `0x` is not one of them. */
  visible?: number;
  /**
   * Keep the method (`did:pkh:eip155:1:`) whole: where DIDs of several methods meet (apps are
   * `did:abt`, people `did:pkh`) or the reader needs to see it is a DID. Left out where every row
   * has the same one.
   */
  method?: boolean;
}

/**
 * The one short form of a DID: `0x7099…79c8` for `did:pkh:eip155:1:0x70997970…17dc79c8`, or
 * `did:pkh:eip155:1:0x7099…79c8` with its method (`did:abt:z1Ab…9xYz` for an app). An identifier
 * too short to gain from it stays whole. The default leaves the method out, as it always has for
 * host apps that import it.
 */
export function shortDid(did: string, { visible = 4, method = false }: ShortDidOptions = {}): string {
  const id = addressOfDid(did);
  const prefix = method ? did.slice(0, did.length - id.length) : '';
  // `0x` says nothing about which account it is, so it does not use up the visible characters.
  const lead = id.startsWith('0x') ? 2 : 0;
  if (id.length <= lead + visible * 2 + 1) return prefix + id;
  return `${prefix}${id.slice(0, lead + visible)}…${id.slice(-visible)}`;
}
