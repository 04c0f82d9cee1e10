import { createServer } from 'node:net';
import type { Engine } from '@kiosk/db';
import { createTestDatabase, type TestDatabase } from '@kiosk/db/testing';
import { buildServer, loadConfig, type BuildOptions, type Config } from '@kiosk/server';
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
  config: Config;
  stop(): Promise<void>;
  /** Stops the server and deletes its database. */
  close(): Promise<void>;
}

export interface TestServerOptions extends BuildOptions {
  /** Reuse the database of an earlier server (to test restarts). */
  database?: TestDatabase;
  env?: Record<string, string>;
  prepare?: (app: FastifyInstance) => void | Promise<void>;
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
  const database = options.database ?? (await createTestDatabase(engine));
  const port = await freePort();
  const config = loadConfig({
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
  });
  const app = await buildServer(config, options);
  await options.prepare?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    url: config.baseUrl,
    app,
    database,
    config,
    stop,
    close: async () => {
      await stop();
      await database.dispose();
    },
  };
}
