import type { Principal } from '@kiosk/identity';
import type { FastifyRequest } from 'fastify';

/** Who may use the merchant API: owners and admins in the dashboard, back ends with a secret key. */
export const MERCHANT = ['admin', 'apiKey'] as const;

/** Who acts on a session: a DID; an authToken's buyer only in the mode the host minted it for. */
export interface Buyer {
  did: string;
  livemode?: boolean;
}

/** The buyer a caller speaks for: a signed-in user, or the customer of an authToken. */
export const buyerOfCaller = (caller: Principal): Buyer | undefined =>
  caller.kind === 'user'
    ? { did: caller.did }
    : caller.kind === 'authToken'
      ? { did: caller.customerDid, livemode: caller.livemode }
      : undefined;

export const buyerOf = (request: FastifyRequest): Buyer | undefined => buyerOfCaller(request.auth);

export const buyerDid = (request: FastifyRequest): string | undefined => buyerOf(request)?.did;
