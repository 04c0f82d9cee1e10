import { createServer } from 'node:net';
import type { Engine } from '@kiosk/db';
import { createTestDatabase, type TestDatabase } from '@kiosk/db/testing';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { buildServer, type BuildOptions } from './server.ts';

export { testEngines } from '@kiosk/db/testing';

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

export interface ClientResponse {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
  headers: Headers;
}

/** A `fetch` that keeps one cookie jar, like a browser tab. */
export function cookieClient(baseUrl: string, cookie = '') {
  let jar = cookie;
  return {
    get cookie() {
      return jar;
    },
    async request(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...init.headers };
      if (jar) headers.cookie = jar;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const set = response.headers.get('set-cookie');
      if (set) jar = set.split(';')[0]!;
      const text = await response.text();
      const json = response.headers.get('content-type')?.includes('application/json');
      return {
        status: response.status,
        body: (json && text ? JSON.parse(text) : text) as any,
        headers: response.headers,
      };
    },
  };
}

/** Signs `wallet` in by SIWE and answers a client holding its session cookie. */
export async function signedIn(
  server: TestServer,
  wallet: { signIn(baseUrl: string): Promise<{ cookie: string }> },
) {
  const { cookie } = await wallet.signIn(server.url);
  return cookieClient(server.url, cookie);
}
