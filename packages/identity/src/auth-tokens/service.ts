import { createHmac } from 'node:crypto';
import { AUTH_TOKEN_MAX_TTL } from '@kiosk/contracts';
import { SECONDS } from '@kiosk/core';
import { sameSecret } from '../crypto.ts';

/**
 * authTokens let a host app on another origin act for one customer: `at_{payload}.{hmac}`, both
 * base64url. Stateless, so any server process verifies them with the shared instance key.
 */
export const AUTH_TOKEN_DEFAULT_TTL = 15 * SECONDS.minute;

export interface AuthTokenClaims {
  /** The customer's DID. */
  sub: string;
  livemode: boolean;
  iat: number;
  exp: number;
}

function sign(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function mintAuthToken(
  key: string,
  input: { customerDid: string; livemode: boolean; expiresIn?: number },
  nowUnix: number,
): { token: string; expires_at: number } {
  const iat = nowUnix;
  const claims: AuthTokenClaims = {
    sub: input.customerDid,
    livemode: input.livemode,
    iat,
    exp: iat + Math.min(input.expiresIn ?? AUTH_TOKEN_DEFAULT_TTL, AUTH_TOKEN_MAX_TTL),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `at_${payload}.${sign(key, payload)}`, expires_at: claims.exp };
}

export function verifyAuthToken(key: string, token: string, nowUnix: number): AuthTokenClaims | undefined {
  const match = /^at_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match || !sameSecret(sign(key, match[1]!), match[2]!)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString()) as AuthTokenClaims;
    return claims.exp > nowUnix ? claims : undefined;
  } catch {
    return undefined;
  }
}
