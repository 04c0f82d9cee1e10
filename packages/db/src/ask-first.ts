import type { CompiledQuery, DatabaseConnection, OperationNode, QueryResult } from 'kysely';
import { ASKING, current, holdsTransaction } from './unit-store.ts';

/**
 * No outside I/O inside a database transaction (../shared/ARCHITECTURE.md): a chain, Stripe, a webhook
 * receiver or storage is asked first, then the transaction re-reads, decides and writes. On SQLite the
 * process has one connection, so a transaction waiting on a slow remote stalls every other request; on
 * PostgreSQL it holds a pooled connection and its row locks for as long as the remote takes.
 */

/** Thrown (or reported, see `reportOutsideIoWith`) when outside I/O starts inside a transaction. */
export class OutsideIoInTransactionError extends Error {
  override name = 'OutsideIoInTransactionError';
}

let report: ((error: OutsideIoInTransactionError) => void) | undefined;

/**
 * In production a broken rule is logged rather than thrown (the request still works, only slower);
 * in development and tests it throws, so it cannot quietly come back. Pass undefined to throw again.
 */
export function reportOutsideIoWith(reporter: ((error: OutsideIoInTransactionError) => void) | undefined) {
  report = reporter;
}

/**
 * Called by every entry point that reaches outside the process (payment method adapters, storage):
 * refuses to run while this async context holds a database transaction open.
 */
export function assertOutsideTransaction(what: string): void {
  if (!holdsTransaction()) return;
  const error = new OutsideIoInTransactionError(
    `${what} reaches outside the process inside a database transaction: ask it first (askFirst), then decide and write`,
  );
  if (report) report(error);
  else throw error;
}

/**
 * `target` as callers get it: each of `calls` first checks that no transaction is open in its context
 * (assertOutsideTransaction), so an entry point to the outside world (a payment rail, storage) holds
 * the rule for every caller. The calls answer promises, a refusal as a rejection; everything else
 * (fields, other methods, `instanceof`) is the target's own.
 */
export function outsideTransactionsOnly<T extends object>(
  target: T,
  calls: readonly (keyof T & string)[],
  what: string,
): T {
  const guarded: Record<string, unknown> = {};
  for (const name of calls) {
    const call = target[name];
    if (typeof call !== 'function') continue;
    guarded[name] = async (...args: unknown[]) => {
      assertOutsideTransaction(`${what}'s ${name}`);
      return (call as (...args: unknown[]) => unknown).apply(target, args);
    };
  }
  return Object.assign(Object.create(target) as T, guarded);
}

/**
 * Runs `ask` — reads and outside I/O — before the request's unit of work begins: its queries run on
 * connections of their own, outside any transaction, and may not write (writes belong to the
 * transaction that follows, which reads again what it decides on). Refused once the unit has begun.
 */
export async function askFirst<T>(ask: () => Promise<T>): Promise<T> {
  if (holdsTransaction())
    throw new OutsideIoInTransactionError(
      'askFirst: the transaction has begun already; ask the outside world before the first write',
    );
  return current.run(ASKING, ask);
}

/** Refuses what must not run inside askFirst (a transaction). */
export function refuseWhileAsking(what: string): void {
  if (current.getStore()?.kind === 'asking')
    throw new Error(`${what} inside askFirst: askFirst only reads; write in the transaction after it`);
}

const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>();

/** A connection that runs reads only: askFirst's. */
export function readOnlyConnection(connection: DatabaseConnection): DatabaseConnection {
  const guarded: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (!isPlainRead(query.query))
        return Promise.reject(
          new Error(
            `askFirst only reads; this belongs in the transaction after it: ${query.sql.slice(0, 60)}`,
          ),
        );
      return connection.executeQuery<R>(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
  innerOf.set(guarded, connection);
  return guarded;
}
/** The connection under a read-only one (to release it), or the connection itself. */
readOnlyConnection.inner = (connection: DatabaseConnection) => innerOf.get(connection) ?? connection;

const LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare']);

/** A SELECT that takes no row lock and writes nothing through a WITH clause. */
function isPlainRead(node: OperationNode): boolean {
  if (node.kind === 'RawNode') {
    const raw = node as unknown as { sqlFragments: readonly string[] };
    return /^\s*select\b/i.test(raw.sqlFragments[0] ?? '');
  }
  if (node.kind !== 'SelectQueryNode') return false;
  const select = node as unknown as {
    endModifiers?: readonly { modifier?: string }[];
    with?: { expressions: readonly { expression: OperationNode }[] };
  };
  if (select.endModifiers?.some((m) => m.modifier && LOCKS.has(m.modifier))) return false;
  return (select.with?.expressions ?? []).every((cte) => isPlainRead(cte.expression));
}
