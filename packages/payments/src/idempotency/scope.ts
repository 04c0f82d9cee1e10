import type { FastifyRequest } from 'fastify';
import { paymentsDb } from '../db.ts';
import type { PaymentsContext } from '../context.ts';
import { idempotent, type Answer } from './service.ts';

/** A key belongs to the caller and the route: two callers may use the same key without meeting. */
function scopeOf(request: FastifyRequest): string {
  const auth = request.auth;
  const who =
    auth.kind === 'user'
      ? auth.did
      : auth.kind === 'apiKey'
        ? auth.keyId
        : auth.kind === 'authToken'
          ? auth.customerDid
          : request.ip;
  return `${who}:${request.method} ${request.routeOptions.url ?? request.url}:${request.url}`;
}

/** Runs a write once per `Idempotency-Key` header (if given); a repeat answers the first answer. */
export async function once<T>(
  context: PaymentsContext,
  request: FastifyRequest,
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && header !== '' ? header : undefined;
  return (await idempotent(
    paymentsDb(context.database),
    scopeOf(request),
    key,
    request.body,
    run as () => Promise<Answer>,
  )) as {
    status: number;
    body: T;
  };
}
