import { getAddress, stringToHex } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/** Docs §1: a nonce lives 5 minutes, so a message expiring later could never be accepted anyway. */
const SIWE_MESSAGE_LIFETIME_MS = 5 * 60_000;
/** Part of the signed message, which the server and wallets compare as written, so it is not translated. */
const SIWE_STATEMENT = 'Sign in to Kiosk';

export interface SiweMessageInput {
  account: string;
  chainId: number;
  nonce: string;
  now: Date;
}

/** The EIP-4361 message for this site (docs/identity.md §1), and the address it names. */
export function buildSiweMessage({ account, chainId, nonce, now }: SiweMessageInput) {
  // EIP-4361 wants the checksummed address; wallets often answer in lower case.
  const address = getAddress(account);
  const message = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    version: '1',
    chainId,
    nonce,
    address,
    statement: SIWE_STATEMENT,
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIWE_MESSAGE_LIFETIME_MS),
  });
  return { address, message };
}

/** Hex-encoded, as wallets read a plain string argument of personal_sign inconsistently. */
export function personalSignParams(message: string, address: string): [string, string] {
  return [stringToHex(message), address];
}
