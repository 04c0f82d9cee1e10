import type { FastifyRequest } from 'fastify';

/** Whose Idempotency-Keys a request uses: the signed-in user, the API key, the authToken's buyer, the access token, else the address. */
export function callerScope(request: FastifyRequest): string {
  const auth = request.auth;
  switch (auth.kind) {
    case 'user':
      return `user:${auth.did}`;
    case 'apiKey':
      return `key:${auth.keyId}`;
    case 'authToken':
      return `buyer:${auth.customerDid}:${auth.livemode}`;
    case 'accessToken':
      return `token:${auth.tokenId}`;
    case 'anonymous':
      return `ip:${request.ip}`;
  }
}
