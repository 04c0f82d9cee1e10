import { createServer } from 'node:net';
import type { Engine } from '@kiosk/db';
import { createTestDatabase, type TestDatabase } from '@kiosk/db/testing';
import type { Clock } from '@kiosk/platform';
import type { FastifyInstance } from 'fastify';

/**
 * Boots the real server on a free port against a fresh database of the given engine.
 * `prepare` may register extra routes or jobs before it listens; `stop` closes the server but keeps
 * the database, so a test can start another server on it (a restart).
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: TestDatabase;
  stop(): Promise<void>;
  /** Stops the server and deletes its database. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Reuse the database of an earlier server (to test restarts). */
  database?: TestDatabase;
  env?: Record<string, string>;
  prepare?: (app: FastifyInstance) => void | Promise<void>;
  /** Handed to the server's build as they are: the time its services read, extra modules, its log. */
  clock?: Clock;
  modules?: readonly unknown[];
  logStream?: { write(line: string): unknown };
  /** Told the SQL of every statement the server's database runs. */
  onQuery?: (sql: string) => void;
}

/** Builds the server app from its environment variables: `loadConfig` then `buildServer`. */
export type ServerFactory = (
  env: Record<string, string | undefined>,
  options: TestServerOptions,
) => Promise<FastifyInstance>;

let factory: ServerFactory | undefined;

/**
 * The server app hands the kit its builder (test/setup/test-server.ts, a vitest setup file, and the
 * bench): modules' tests boot the real server without any package importing the app, which sits
 * above them all.
 */
export function useServerFactory(build: ServerFactory): void {
  factory = build;
}

/** A port free right now; the server needs it before listening, to know its own base URL. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  if (!factory)
    throw new Error('startTestServer: no server factory (test/setup/test-server.ts registers it)');
  const database = options.database ?? (await createTestDatabase(engine));
  const port = await freePort();
  const app = await factory(
    {
      PORT: String(port),
      KIOSK_BASE_URL: `http://127.0.0.1:${port}`,
      KIOSK_SIGNIN_RATE_LIMIT: '10000',
      HOST: '127.0.0.1',
      KIOSK_DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: process.env.KIOSK_TEST_LOG ?? 'silent',
      KIOSK_JOB_POLL_MS: '20',
      KIOSK_SHUTDOWN_GRACE_MS: '2000',
      ...options.env,
    },
    options,
  );
  await options.prepare?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    url: app.kiosk.config.baseUrl,
    app,
    database,
    stop,
    close: async () => {
      await stop();
      await database.dispose();
    },
  };
}
