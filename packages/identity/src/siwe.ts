import { KioskError } from '@kiosk/core';
import { verifyMessage, type Hex } from 'viem';
import { parseSiweMessage, type SiweMessage } from 'viem/siwe';

/**
 * Checks an EIP-4361 message and its signature against this server. The nonce is checked by the
 * caller (it is consumed in the database); everything else is here.
 */

export interface SiweExpectations {
  /** The hosts this server answers as (the base URL's host; loopback aliases on a local install). */
  domains: string[];
  origins: string[];
  now: Date;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const MAX_CLOCK_SKEW_MS = 5 * 60_000;
const MAX_MESSAGE_LIFETIME_MS = 60 * 60_000;

/** The domains and origins a SIWE message may name for a server at `baseUrl`. */
export function expectedSiteOf(baseUrl: string): Pick<SiweExpectations, 'domains' | 'origins'> {
  const base = new URL(baseUrl);
  const hosts = LOOPBACK.includes(base.hostname)
    ? LOOPBACK.map((name) => (base.port ? `${name}:${base.port}` : name))
    : [base.host];
  return { domains: hosts, origins: hosts.map((host) => `${base.protocol}//${host}`) };
}

export async function verifySiwe(
  message: string,
  signature: string,
  expected: SiweExpectations,
): Promise<SiweMessage & { address: Hex; nonce: string }> {
  const parsed = parseSiweMessage(message);
  if (
    !parsed.address ||
    !parsed.domain ||
    !parsed.uri ||
    !parsed.nonce ||
    !parsed.version ||
    !parsed.chainId
  ) {
    throw new KioskError('SIWE_INVALID_MESSAGE', { status: 400 });
  }
  let origin: string;
  try {
    origin = new URL(parsed.uri).origin;
  } catch {
    throw new KioskError('SIWE_INVALID_MESSAGE', { status: 400 });
  }
  if (!expected.domains.includes(parsed.domain) || !expected.origins.includes(origin)) {
    throw new KioskError('SIWE_DOMAIN_MISMATCH', { status: 401, params: { domain: parsed.domain } });
  }
  const now = expected.now.getTime();
  if (
    (parsed.expirationTime && parsed.expirationTime <= expected.now) ||
    (parsed.notBefore && parsed.notBefore > expected.now) ||
    // A wallet's clock may run a little ahead; a message from tomorrow, or one meant to stay good
    // for a year, is not a sign-in happening now.
    (parsed.issuedAt && parsed.issuedAt.getTime() > now + MAX_CLOCK_SKEW_MS) ||
    (parsed.expirationTime && parsed.expirationTime.getTime() > now + MAX_MESSAGE_LIFETIME_MS)
  ) {
    throw new KioskError('SIWE_EXPIRED', { status: 401 });
  }
  let valid: boolean;
  try {
    valid =
      /^0x[0-9a-fA-F]+$/.test(signature) &&
      (await verifyMessage({
        address: parsed.address,
        message,
        signature: signature as Hex,
      }));
  } catch {
    valid = false;
  }
  if (!valid) throw new KioskError('SIWE_BAD_SIGNATURE', { status: 401 });
  return parsed as SiweMessage & { address: Hex; nonce: string };
}
