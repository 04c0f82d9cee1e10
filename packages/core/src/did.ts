/** The identifier a DID ends with: the account of a `did:pkh`, the address of a `did:abt`. */
export function addressOfDid(did: string): string {
  return did.slice(did.lastIndexOf(':') + 1);
}
