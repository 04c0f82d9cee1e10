import type { DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, TransactionSettings } from 'kysely';
import { CompiledQuery } from 'kysely';
import { readOnlyConnection, refuseWhileAsking } from './ask-first.ts';
import { current, openUnit, type Work } from './unit-store.ts';

/**
 * A unit of work is one database transaction that everything inside it joins, however deep in the
 * call stack and without passing the transaction along: a write request runs in one (so its stored
 * Idempotency-Key answer commits with its work, or neither does), and `transaction()` starts one
 * when none is running.
 *
 * How: the dialect's driver is wrapped. While a unit of work is running (an AsyncLocalStorage value
 * of this async context), every query of that database goes to its connection, and a transaction
 * begun inside it (`db.transaction()`, or `transaction()`) becomes a savepoint, so an inner failure
 * rolls back only what the inner transaction wrote — the same atomicity each service has alone.
 * Outside a unit of work the driver behaves exactly as the wrapped one.
 *
 * A request's unit (`unitOfWork`) begins its transaction at its first query, not before: what the
 * request asks the outside world first (`askFirst`: a chain, Stripe, storage) holds no connection
 * and no lock while it waits, and once the transaction has begun no outside I/O may run in it
 * (`assertOutsideTransaction`, ask-first.ts).
 */

class UnitOfWorkDriver implements Driver {
  private initialized: Promise<void> | undefined;
  constructor(private readonly inner: Driver) {}

  /** The running unit of this database, if any (a closed one may linger in callbacks it spawned). */
  private work(): Work | undefined {
    const work = openUnit();
    return work?.driver === this ? work : undefined;
  }

  private owns(connection: DatabaseConnection): Work | undefined {
    const work = this.work();
    return work?.connection === connection ? work : undefined;
  }

  /** Once: Kysely calls it before its first query, and a unit may begin before that. */
  init() {
    return (this.initialized ??= this.inner.init());
  }
  async acquireConnection() {
    // askFirst's reads run outside any transaction, on a connection that refuses writes.
    if (current.getStore()?.kind === 'asking')
      return readOnlyConnection(await this.inner.acquireConnection());
    const work = this.work();
    if (!work) return this.inner.acquireConnection();
    return work.connection ?? this.begin(work);
  }

  /** Begins the unit's transaction (once, whichever query asks first) and runs its onBegin. */
  private begin(work: Work): Promise<DatabaseConnection> {
    work.beginning ??= (async () => {
      await this.init();
      const raw = await this.inner.acquireConnection();
      work.raw = raw;
      await this.inner.beginTransaction(raw, {});
      const connection = oneQueryAtATime(raw);
      work.connection = connection;
      // Its queries find the connection set, so they run in the transaction, before the one that asked.
      await work.onBegin?.();
      return connection;
    })();
    return work.beginning;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const work = this.owns(connection);
    if (!work) return this.inner.beginTransaction(connection, settings);
    // Named by depth: a name is unique within the stack, and the few statements stay prepared
    // (a name per savepoint made every savepoint statement new to SQLite's statement cache).
    const name = `uow_${work.savepoints.length + 1}`;
    work.savepoints.push(name);
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }
  async commitTransaction(connection: DatabaseConnection) {
    const work = this.owns(connection);
    if (!work) return this.inner.commitTransaction(connection);
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${work.savepoints.pop()}`));
    // What the released savepoint buffered now belongs to the one around it.
    const depth = work.savepoints.length;
    for (const items of work.buffers.values())
      for (const entry of items) if (entry.depth > depth) entry.depth = depth;
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const work = this.owns(connection);
    if (!work) return this.inner.rollbackTransaction(connection);
    const depth = work.savepoints.length - 1;
    // What the rolled-back savepoint buffered goes with its writes.
    for (const [key, items] of work.buffers)
      work.buffers.set(
        key,
        items.filter((entry) => entry.depth <= depth),
      );
    const name = work.savepoints.pop();
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }
  async releaseConnection(connection: DatabaseConnection) {
    if (!this.owns(connection)) await this.inner.releaseConnection(readOnlyConnection.inner(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  /**
   * Runs `work` as a unit of work: committed when it resolves, rolled back when it throws; inside a
   * running one it simply joins it. Transactions inside one unit run one after another (savepoints
   * nest, they do not interleave). `lazy`: the transaction begins at the unit's first query (and
   * then runs `onBegin` in it); a unit that never queries holds no connection at all.
   */
  async run<T>(work: () => Promise<T>, options: { lazy?: boolean; onBegin?: () => Promise<void> } = {}) {
    if (this.work()) return work();
    const unit: Work = {
      kind: 'unit',
      driver: this,
      onBegin: options.onBegin,
      savepoints: [],
      beforeCommit: [],
      afterCommit: [],
      state: new Map(),
      buffers: new Map(),
      open: true,
    };
    try {
      let result: T;
      try {
        result = await current.run(unit, async () => {
          if (!options.lazy) await this.begin(unit);
          const answer = await work();
          // A callback may add another (it writes, and the write asks for one): run until none is left.
          for (let i = 0; i < unit.beforeCommit.length; i++) await unit.beforeCommit[i]!();
          return answer;
        });
      } catch (error) {
        unit.open = false;
        await unit.beginning?.catch(() => undefined);
        if (unit.connection) await this.inner.rollbackTransaction(unit.raw!);
        throw error;
      }
      unit.open = false;
      if (unit.connection) await this.inner.commitTransaction(unit.raw!);
      for (const callback of unit.afterCommit) callback();
      return result;
    } finally {
      unit.open = false;
      if (unit.raw) await this.inner.releaseConnection(unit.raw);
    }
  }
}

/**
 * The unit's connection as its queries see it: code inside a unit may start queries together
 * (`Promise.all` over reads), and one connection runs one statement at a time — node-postgres queues
 * them itself only until pg 9, which refuses them. They run in the order they were asked.
 */
function oneQueryAtATime(connection: DatabaseConnection): DatabaseConnection {
  let last: Promise<unknown> = Promise.resolve();
  return {
    executeQuery<R>(query: CompiledQuery) {
      const result = last.then(() => connection.executeQuery<R>(query));
      last = result.catch(() => undefined);
      return result;
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/** Wraps a dialect so that its databases can run units of work. */
export class UnitOfWorkDialect implements Dialect {
  private driver: UnitOfWorkDriver | undefined;
  /**
   * `statementsFailAlone`: a failed statement undoes only itself and the transaction goes on (SQLite);
   * on PostgreSQL it aborts the whole transaction unless it ran inside a savepoint.
   */
  constructor(
    private readonly inner: Dialect,
    readonly statementsFailAlone: boolean,
  ) {}

  createDriver(): Driver {
    this.driver = new UnitOfWorkDriver(this.inner.createDriver());
    return this.driver;
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
  createAdapter() {
    return this.inner.createAdapter();
  }
  createIntrospector(db: Kysely<never>) {
    return this.inner.createIntrospector(db);
  }
  /** The driver Kysely made; it exists once the Kysely instance does. */
  unitDriver(): UnitOfWorkDriver {
    if (!this.driver) throw new Error('the database has no driver yet');
    return this.driver;
  }
}

const dialects = new WeakMap<object, UnitOfWorkDialect>();

/** Remembers which dialect a Kysely instance runs on, so `transaction(db, …)` can find its driver. */
export function registerUnitOfWork(db: object, dialect: UnitOfWorkDialect): void {
  dialects.set(db, dialect);
}

/**
 * Runs `work` in one transaction and answers its result. Inside a running unit of work it joins it
 * (as a savepoint: a failure here undoes only this part); otherwise it starts a unit of work that
 * everything `work` calls joins. `db` is a database opened by `openDatabase` (or a transaction of one,
 * which `work` then simply continues).
 */
export async function transaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const dialect = dialects.get(db);
  if (!dialect) throw new Error('transaction(): this Kysely instance was not opened by openDatabase');
  refuseWhileAsking('transaction()');
  const driver = dialect.unitDriver();
  if (openUnit()?.driver === driver) return db.transaction().execute((trx) => work(trx));
  return driver.run(() => work(db));
}

/**
 * Runs `work` as a request's unit of work: one transaction that everything it calls joins, begun at
 * its first query (then `onBegin` runs in it first), so that what it asks the outside world before
 * that (`askFirst`) holds no connection. Committed when `work` resolves, rolled back when it throws.
 */
export async function unitOfWork<DB, T>(
  db: Kysely<DB>,
  work: () => Promise<T>,
  options: { onBegin?: () => Promise<void> } = {},
): Promise<T> {
  const dialect = dialects.get(db);
  if (!dialect) throw new Error('unitOfWork(): this Kysely instance was not opened by openDatabase');
  return dialect.unitDriver().run(work, { lazy: true, onBegin: options.onBegin });
}

/**
 * Runs `work` — one write statement and what it buffers for the commit (its event) — as one, like
 * `transaction`, but without a savepoint where none is needed: inside a running unit of work on
 * SQLite, a failed statement changes nothing and leaves the transaction usable, and nothing is
 * buffered before the statement succeeds. (A savepoint per write cost a billing run a tenth of its
 * time: Kysely makes a transaction object for each.)
 */
export async function singleWrite<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const dialect = dialects.get(db);
  const unit = openUnit();
  if (dialect?.statementsFailAlone && unit && unit.driver === dialect.unitDriver()) return work(db);
  return transaction(db, work);
}

/**
 * Runs `callback` once the running unit of work commits (never if it rolls back), or at once when none
 * is running: for what must not be seen before the data is (a realtime push, waking a worker).
 */
export function afterCommit(callback: () => void): void {
  const work = openUnit();
  if (work) work.afterCommit.push(callback);
  else callback();
}

/**
 * Runs `callback` inside the running unit of work just before it commits (a failure rolls the unit
 * back), or at once when none is running: for writes best made once per unit, at its end (a batch
 * of version bumps, in one order, so two units never wait on each other's rows in a cycle).
 */
export async function beforeCommit(callback: () => Promise<void>): Promise<void> {
  const work = openUnit();
  if (work) work.beforeCommit.push(callback);
  else await callback();
}

/**
 * Keeps `item` to be written with the others under `key` just before the running unit of work commits,
 * by one call of `flush` (a multi-row insert rather than one statement each); an item added inside a
 * savepoint that rolls back is dropped with the savepoint's writes. Answers false, keeping nothing,
 * when no unit of `db` is running: the caller writes it at once.
 */
export function bufferForCommit<T>(
  db: object,
  key: object,
  item: T,
  flush: (items: T[]) => Promise<void>,
): boolean {
  const work = openUnit();
  if (!work || dialects.get(db)?.unitDriver() !== work.driver) return false;
  let items = work.buffers.get(key);
  if (!items) {
    items = [];
    work.buffers.set(key, items);
    work.beforeCommit.push(async () => {
      const kept = (work.buffers.get(key) ?? []).map((entry) => entry.item as T);
      work.buffers.delete(key);
      if (kept.length) await flush(kept);
    });
  }
  items.push({ depth: work.savepoints.length, item });
  return true;
}

/**
 * The value kept under `key` for the running unit of work, made by `init` the first time it is asked
 * for in that unit; undefined when no unit is running.
 */
export function unitState<T>(key: object, init: () => T): T | undefined {
  const work = openUnit();
  if (!work) return undefined;
  if (!work.state.has(key)) work.state.set(key, init());
  return work.state.get(key) as T;
}

/**
 * Runs `fn` outside any unit of work: background work started from a request must not join it. With
 * an empty store, not `exit()`: on Node 20 a `run()` inside an exited stretch (a transaction begun
 * before fn's first await) enabled the storage again, and the request's unit came back after it.
 */
export function outsideUnitOfWork<T>(fn: () => T): T {
  return current.run(undefined as never, fn);
}
