import { createHash } from 'node:crypto';
import { isKioskError, KioskError } from '@kiosk/core';
import { unitOfWork, type AnyKysely, type Database } from '@kiosk/db';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.ts';
import type { PlatformTables } from './tables.ts';

/**
 * Every write of the API (POST, PUT, PATCH, DELETE under /api) runs as one unit of work, and honours
 * an `Idempotency-Key` header (the IETF Idempotency-Key draft, as Stripe does):
 * - the key is claimed, the work done and its answer stored in one transaction: a crash anywhere
 *   leaves neither the work nor the key, so a retry simply runs again; the transaction begins at the
 *   work's first query, so what the work asks the outside world first (`askFirst`) holds nothing;
 * - a repeat of the same request answers the stored answer (`Idempotent-Replayed: true`) and writes
 *   nothing; the same key with another request is refused with 422;
 * - a concurrent repeat waits for the first to commit (PostgreSQL holds the key's row; SQLite runs one
 *   writer at a time) and then answers its answer;
 * - a refused first run (an error answer) stores nothing: the writes of the service calls that
 *   succeeded before it commit, as they would without a unit of work, and the key is free again;
 * - keys are the caller's (two callers never meet) and expire after 24 hours.
 * Two kinds of route say otherwise, and still run as one unit of work:
 * - `idempotency: 'refused'`: the answer holds a secret shown once (a new API key, a session), which
 *   is never stored; a key is refused, so no client believes a retry is safe;
 * - `idempotency: 'ignored'`: doing it again changes nothing anyway (logging out); a key is accepted
 *   and nothing is stored.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route takes an Idempotency-Key when not stored and replayed (see registerUnitsOfWork). */
    idempotency?: 'refused' | 'ignored';
  }
}

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = 'idempotency-key';
/** Parameters that change how an answer is told, not what is asked: a retry may differ in them. */
const PRESENTATION_PARAMS = new Set(['locale', 'authToken']);

export interface UnitsOfWorkOptions {
  database: Database;
  clock: Clock;
  /** Who is asking, so that each caller's keys are its own. */
  scopeOf(request: FastifyRequest): string;
}

interface Stored {
  status: number;
  body: unknown;
}

type Outcome = { payload: unknown } | { refusal: KioskError };

export function registerUnitsOfWork(app: FastifyInstance, options: UnitsOfWorkOptions): void {
  const db = options.database.db as Kysely<PlatformTables>;

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m))) return;
    const handler = route.handler as RouteHandlerMethod;
    const kind = route.config?.idempotency;

    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const given = keyOf(request);
      if (given !== undefined && kind === 'refused') throw new KioskError('IDEMPOTENCY_NOT_SUPPORTED');
      const key = kind === 'ignored' ? undefined : given;
      const scope = key === undefined ? '' : options.scopeOf(request);
      const hash = key === undefined ? '' : fingerprint(request);
      // A plain repeat is answered before the work asks anything of the outside world again.
      const answered =
        key === undefined ? undefined : await storedAnswer(db, scope, key, hash, options.clock);
      if (answered) return replay(reply, answered);

      // The key is claimed as the transaction begins (at the work's first query, after what it asks
      // first): a concurrent run of the same request that committed meanwhile is answered instead.
      let earlier: Stored | undefined;
      let claimed = false;
      const onBegin =
        key === undefined
          ? undefined
          : async () => {
              earlier = await claim(db, scope, key, hash, options.clock.nowUnix());
              if (earlier) throw new ReplayInstead();
              claimed = true;
            };
      let outcome: Outcome;
      try {
        outcome = await unitOfWork(
          db,
          async (): Promise<Outcome> => {
            try {
              const payload = await handler.call(this, request, reply);
              if (reply.sent)
                throw new Error(`${route.url}: a write route returns its answer instead of sending it`);
              if (key !== undefined)
                await db
                  .updateTable('idempotency_keys')
                  .set({ status_code: reply.statusCode, response: JSON.stringify(payload ?? null) })
                  .where('scope', '=', scope)
                  .where('key', '=', key)
                  .execute();
              if (earlier) throw new ReplayInstead();
              return { payload };
            } catch (error) {
              // The handler may have caught and rethrown the claim's signal as something else.
              if (earlier) throw new ReplayInstead();
              if (!isKioskError(error) || error.status >= 500) throw error;
              if (claimed)
                await db
                  .deleteFrom('idempotency_keys')
                  .where('scope', '=', scope)
                  .where('key', '=', key!)
                  .execute();
              return { refusal: error };
            }
          },
          { onBegin },
        );
      } catch (error) {
        if (earlier) return replay(reply, earlier);
        throw error;
      }
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.payload;
    };
  });
}

/** Stops a run whose request another run answered while it was asking (its answer is replayed). */
class ReplayInstead extends Error {}

function replay(reply: FastifyReply, stored: Stored): unknown {
  reply.status(stored.status).header('idempotent-replayed', 'true');
  return stored.body;
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length === 0 || header.length > 255)
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: `headers.${HEADER}`, message: 'validation.idempotencyKey' }],
    });
  return header;
}

/** What makes two requests the same: the route, its parameters and its body as validated. */
function fingerprint(request: FastifyRequest): string {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      ([name]) => !PRESENTATION_PARAMS.has(name),
    ),
  );
  return createHash('sha256')
    .update(
      JSON.stringify([request.method, request.routeOptions.url, request.params, query, request.body ?? null]),
    )
    .digest('hex');
}

/**
 * The answer an earlier run of this request stored under the key, if any and still fresh; the same key
 * with another request is refused. Read outside any transaction: a run still under way is not waited
 * for here (its commit is, when this run claims the key).
 */
async function storedAnswer(
  db: Kysely<PlatformTables>,
  scope: string,
  key: string,
  requestHash: string,
  clock: Clock,
): Promise<Stored | undefined> {
  const earlier = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!earlier || earlier.response === null) return undefined;
  if (Number(earlier.created_at) <= clock.nowUnix() - IDEMPOTENCY_TTL_SECONDS) return undefined;
  if (earlier.request_hash !== requestHash) throw new KioskError('IDEMPOTENCY_KEY_REUSED', { status: 422 });
  return { status: Number(earlier.status_code), body: JSON.parse(earlier.response) };
}

/** Claims the key for this run, or answers the stored answer of an earlier run of the same request. */
async function claim(
  trx: AnyKysely,
  scope: string,
  key: string,
  requestHash: string,
  now: number,
): Promise<Stored | undefined> {
  const keys = trx as Kysely<PlatformTables>;
  const claimed = await keys
    .insertInto('idempotency_keys')
    .values({ scope, key, request_hash: requestHash, status_code: null, response: null, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return undefined;
  const earlier = await keys
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  // An expired key, or one a crashed run of older code left unanswered, is taken over.
  if (Number(earlier.created_at) <= now - IDEMPOTENCY_TTL_SECONDS || earlier.response === null) {
    await keys
      .updateTable('idempotency_keys')
      .set({ request_hash: requestHash, status_code: null, response: null, created_at: now })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return undefined;
  }
  if (earlier.request_hash !== requestHash) throw new KioskError('IDEMPOTENCY_KEY_REUSED', { status: 422 });
  return { status: Number(earlier.status_code), body: JSON.parse(earlier.response) };
}

/** Deletes keys past their 24 hours; answers how many. */
export async function pruneIdempotencyKeys(database: Database, clock: Clock): Promise<number> {
  const result = await (database.db as Kysely<PlatformTables>)
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', clock.nowUnix() - IDEMPOTENCY_TTL_SECONDS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
