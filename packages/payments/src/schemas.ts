import type { FastifyRequest } from 'fastify';

/** Who may use the merchant API: owners and admins in the dashboard, back ends with a secret key. */
export const MERCHANT = ['admin', 'apiKey'] as const;

/** The buyer a request speaks for: a signed-in user, or the customer of an authToken. */
export const buyerDid = (request: FastifyRequest): string | undefined =>
  request.auth.kind === 'user'
    ? request.auth.did
    : request.auth.kind === 'authToken'
      ? request.auth.customerDid
      : undefined;
