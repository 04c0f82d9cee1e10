import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection } from 'kysely';

/** A running unit of work (unit-of-work.ts): one transaction that the code of its async context joins. */
export interface Work {
  readonly kind: 'unit';
  /** The driver that runs it: a unit belongs to one database. */
  readonly driver: object;
  /** The transaction's connection as its queries see it; unset until the unit begins (its first query). */
  connection?: DatabaseConnection;
  /** The pooled connection under it, once begun. */
  raw?: DatabaseConnection;
  /** The start of the transaction, once some query has asked for it. */
  beginning?: Promise<DatabaseConnection>;
  /** Run inside the transaction as soon as it has begun (an Idempotency-Key is claimed there). */
  readonly onBegin?: () => Promise<void>;
  /** Savepoint names of the transactions open inside the unit, innermost last. */
  readonly savepoints: string[];
  readonly beforeCommit: (() => Promise<void>)[];
  readonly afterCommit: (() => void)[];
  /** What helpers keep for the length of this unit (`unitState`). */
  readonly state: Map<object, unknown>;
  /** Rows waiting to be written at the commit (`bufferForCommit`), each with its savepoint depth. */
  readonly buffers: Map<object, { depth: number; item: unknown }[]>;
  open: boolean;
}

/** The context of `askFirst`: reads on connections of their own, no writes, no transaction. */
export interface Asking {
  readonly kind: 'asking';
}

export const ASKING: Asking = { kind: 'asking' };

export const current = new AsyncLocalStorage<Work | Asking>();

/** The unit of work this async context runs in, if one is open. */
export function openUnit(): Work | undefined {
  const store = current.getStore();
  return store?.kind === 'unit' && store.open ? store : undefined;
}

/** Whether this context holds a database transaction open (a unit that has begun). */
export function holdsTransaction(): boolean {
  return openUnit()?.connection !== undefined;
}
