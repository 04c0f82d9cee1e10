import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type LogEvent, type Transaction } from 'kysely';
import pg from 'pg';
import { registerSqliteMoneyFunctions } from './money.ts';
import { registerSqliteTextFunctions } from './unspaced-grams.ts';
import { registerUnitOfWork, UnitOfWorkDialect } from './unit-of-work.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * The database every module shares. Modules type their own tables (`db.db as Kysely<MyTables>`);
 * nothing outside a module reads its tables.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- each module narrows these to its own tables */
export type AnyKysely = Kysely<any>;
export type AnyTransaction = Transaction<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface Database {
  readonly db: AnyKysely;
  readonly engine: Engine;
  /** Where the SQLite file lives, or the PostgreSQL URL with the password hidden. */
  readonly location: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…` selects PostgreSQL; otherwise a SQLite file in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number;
  /** Told about a pooled connection that broke while idle (a PostgreSQL restart, say). */
  onConnectionError?: (error: Error) => void;
  /** Told the SQL of every statement run (tests count what a request reads). */
  onQuery?: (sql: string) => void;
}

export const SQLITE_FILE = 'kiosk.sqlite';

export function openDatabase(options: OpenOptions): Database {
  return options.databaseUrl ? openPostgres(options) : openSqlite(options);
}

/**
 * Kysely's log, passing each statement's SQL on once: a unit of work's connection wraps the pooled
 * one, and Kysely logs through both.
 */
function queryLog(onQuery: OpenOptions['onQuery']) {
  if (!onQuery) return undefined;
  const told = new WeakSet<object>();
  return (event: LogEvent) => {
    if (event.level !== 'query' || told.has(event.query)) return;
    told.add(event.query);
    onQuery(event.query.sql);
  };
}

function openSqlite({ dataDir, onQuery }: OpenOptions): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SQLITE_FILE);
  const connection = new SQLite(file);
  // WAL lets readers run beside the writer; FULL syncs every commit so a crash never loses a payment.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // SQLite's default page cache is 2 MB: a store of a hundred thousand subscriptions outgrows it, and
  // every index lookup then reads its pages again from the file. 64 MiB keeps the hot ones.
  connection.pragma(`cache_size = ${-64 * 1024}`);
  registerSqliteMoneyFunctions(connection);
  registerSqliteTextFunctions(connection);
  const dialect = new UnitOfWorkDialect(
    new SqliteDialect({ database: withStatementCache(connection) }),
    true,
  );
  const db = new Kysely({ dialect, log: queryLog(onQuery) });
  registerUnitOfWork(db, dialect);
  return { db, engine: 'sqlite', location: file, close: () => db.destroy() };
}

/** How many prepared statements a SQLite connection keeps; the app issues a few hundred distinct ones. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely prepares every query anew, and preparing costs SQLite as much as running a small query.
 * Statements are kept by their SQL text instead (SQLite re-prepares one itself after a migration
 * changes the schema); the least recently used goes when the cache is full.
 */
function withStatementCache(connection: SQLite.Database) {
  const statements = new Map<string, BooleanBinding>();
  return {
    close: () => connection.close(),
    prepare(sql: string): BooleanBinding {
      let statement = statements.get(sql);
      if (statement) {
        // Least recently used goes first: a hit moves to the back of the map's order.
        statements.delete(sql);
      } else {
        statement = bindingBooleans(connection.prepare(sql));
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

type Parameters = readonly unknown[];
type BooleanBinding = Pick<SQLite.Statement, 'reader'> & {
  all(parameters: Parameters): unknown[];
  run(parameters: Parameters): SQLite.RunResult;
  iterate(parameters: Parameters): IterableIterator<unknown>;
};

/**
 * better-sqlite3 cannot bind booleans: they become 1 and 0 as the statement runs. (Rewriting every
 * query's syntax tree to the same end, as a Kysely plugin, cost a tenth of a billing run.)
 */
function bindingBooleans(statement: SQLite.Statement): BooleanBinding {
  const bound = (parameters: Parameters) =>
    parameters.some((value) => typeof value === 'boolean')
      ? parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value))
      : parameters;
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bound(parameters)),
    run: (parameters) => statement.run(bound(parameters)),
    iterate: (parameters) => statement.iterate(bound(parameters)),
  };
}

const INT8_OID = 20;

function openPostgres({
  databaseUrl: url = '',
  poolSize = 10,
  onConnectionError,
  onQuery,
}: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // int8 holds millisecond timestamps and counts here, all below 2^53; money is numeric, read as text.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener, an idle connection that the server drops would crash the process.
  pool.on('error', (error) => onConnectionError?.(error));
  const dialect = new UnitOfWorkDialect(new PostgresDialect({ pool }), false);
  const db = new Kysely({ dialect, log: queryLog(onQuery) });
  registerUnitOfWork(db, dialect);
  return { db, engine: 'postgres', location: redactUrl(url), close: () => db.destroy() };
}

/**
 * Why pg could not connect with `url`, or undefined when it can: a postgres:// or postgresql:// URL
 * (a unix socket as `?host=/dir`, as `%2Fdir` in the host, or an empty host before the path), a
 * `socket:/dir?db=…` URL, or a socket directory and a database name (`/dir kiosk`). pg itself reads
 * it, exactly as it will when connecting; other schemes are refused though pg would read them too.
 */
export function postgresUrlProblem(url: string): string | undefined {
  if (!/^(postgres(ql)?:\/\/|socket:|\/)/i.test(url))
    return 'must be a postgres:// or postgresql:// URL, a socket: URL or a socket path';
  try {
    new pg.Client({ connectionString: url });
    return undefined;
  } catch {
    // pg's own message may quote the URL; it is not repeated.
    return 'cannot be read as a PostgreSQL connection string';
  }
}

/**
 * `url` with its password hidden, in any form pg reads and in ones it cannot (a refused URL is shown
 * to say what was given): the password of `user:password@` up to the last `@` (so one holding `/` or
 * `?` stays hidden too) and any `…pass…=` parameter.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^([a-z][\w+.-]*:\/\/[^:/?#@]*):[^@]*@/i, '$1:***@')
    .replace(/([?&][^=&]*pass[^=&]*=)[^&]*/gi, '$1***');
}

/** A round trip to the database, for the health check. */
export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
