import type { FastifyRequest } from 'fastify';

/** Who may use the merchant API: owners and admins in the dashboard, back ends with a secret key. */
export const MERCHANT = ['admin', 'apiKey'] as const;

/** Who acts on a session: a DID; an authToken's buyer only in the mode the host minted it for. */
export interface Buyer {
  did: string;
  livemode?: boolean;
}

/** The buyer a request speaks for: a signed-in user, or the customer of an authToken. */
export const buyerOf = (request: FastifyRequest): Buyer | undefined =>
  request.auth.kind === 'user'
    ? { did: request.auth.did }
    : request.auth.kind === 'authToken'
      ? { did: request.auth.customerDid, livemode: request.auth.livemode }
      : undefined;

export const buyerDid = (request: FastifyRequest): string | undefined => buyerOf(request)?.did;
