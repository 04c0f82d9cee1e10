import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import {
  JobRunner,
  jobsMigrations,
  migrateToLatest,
  openDatabase,
  type Database,
  type MigrationProgress,
  type MigrationSet,
} from '@kiosk/db';
import { KioskError } from '@kiosk/core';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  canWatchConnectSession,
  ConnectActions,
  identityMigrations,
  identityPlugin,
  type RouteAccess,
} from '@kiosk/identity';
import { testWalletRpcUrls } from '@kiosk/payments';
import type { Config } from './config.ts';
import { registerHealth } from './health.ts';
import { registerErrorHandling } from './http-errors.ts';
import { registerLocale } from './locale.ts';
import { loggerOptions } from './logging.ts';
import { registerMetrics } from './metrics.ts';
import { modules as defaultModules, type KioskModule } from './modules.ts';
import { registerOpenApi } from './openapi.ts';
import { RealtimeHub, registerRealtime } from './realtime.ts';
import { registerWebApp } from './web.ts';

export const VERSION = '0.1.0';

/** What every module can reach: `app.kiosk.database`, `app.kiosk.jobs`, `app.kiosk.config`. */
export interface KioskContext {
  config: Config;
  database: Database;
  jobs: JobRunner;
  realtime: RealtimeHub;
  /** Every route and who it admits (filled when the server is ready). */
  routes: RouteAccess[];
  /** What pages can ask a wallet to do through connect sessions; modules add their own actions. */
  connectActions: ConnectActions;
}

declare module 'fastify' {
  interface FastifyInstance {
    kiosk: KioskContext;
  }
}

export interface BuildOptions {
  modules?: KioskModule[];
  /** Where log lines go (standard output by default); tests capture them here. */
  logStream?: DestinationStream;
  onMigration?: (progress: MigrationProgress) => void;
}

function migrationsOf(modules: KioskModule[]): MigrationSet[] {
  return [jobsMigrations, identityMigrations, ...modules.map((m) => m.migrations)];
}

/** `kiosk migrate`: brings the schema up to date without starting the server. */
export async function migrateDatabase(
  config: Config,
  onProgress?: (progress: MigrationProgress) => void,
  modules: KioskModule[] = defaultModules,
): Promise<{ applied: string[]; engine: string; location: string }> {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { applied } = await migrateToLatest(database, migrationsOf(modules), onProgress);
    return { applied, engine: database.engine, location: database.location };
  } finally {
    await database.close();
  }
}

/**
 * Builds the whole server without listening: opens the database, brings its schema up to date and
 * registers every module. `kiosk serve` and the tests both start from here. The job runner starts when
 * the server is ready and everything is released on `app.close()`.
 */
export async function buildServer(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const modules = options.modules ?? defaultModules;
  const logger = options.logStream
    ? pino(loggerOptions(config), options.logStream)
    : pino(loggerOptions(config));
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  });
  try {
    await migrateToLatest(database, migrationsOf(modules), options.onMigration);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // A line per request only when debugging; errors are logged by the error handler either way.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jobs = new JobRunner(database, {
    pollMs: config.jobPollMs,
    onError: (error, job) => app.log.warn({ err: error, job }, 'job failed'),
  });
  const realtime = new RealtimeHub();
  const routes: RouteAccess[] = [];
  const connectActions = new ConnectActions();
  app.decorate('kiosk', { config, database, jobs, realtime, routes, connectActions });

  registerErrorHandling(app);
  await app.register(cookie);
  // CSP and frame rules arrive with embedding (checkout on other origins); the rest of helmet applies now.
  await app.register(helmet, { contentSecurityPolicy: false, frameguard: false });
  // Embedded checkouts call every verb of the API (session edits are PUT and DELETE).
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new KioskError('RATE_LIMITED', { params: { after: Math.max(1, Math.ceil(context.ttl / 1000)) } }),
  });
  registerLocale(app);
  // Identity goes first among route owners: it makes every later route declare who may call it.
  await app.register(identityPlugin, {
    database,
    baseUrl: config.baseUrl,
    ownerDid: config.ownerDid,
    testWallet: config.testWallet,
    testWalletRpcUrls: () => testWalletRpcUrls(database),
    signInRateLimit: config.signInRateLimit,
    connectActions,
    notify: (token, status, error) =>
      realtime.publish(`connect:${token}`, 'connect.status', { status, error }),
    routes,
  });
  realtime.authorize('connect:', (topic, message) =>
    canWatchConnectSession(database, topic.slice('connect:'.length), String(message.secret ?? '')),
  );
  await registerRealtime(app, realtime);
  registerMetrics(app);
  await registerOpenApi(app, VERSION, config.baseUrl);
  registerHealth(app, database, VERSION);
  for (const module of modules) await app.register(module.plugin);
  await registerWebApp(app, config.webDir);

  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop(config.shutdownGraceMs));
  app.addHook('onClose', async () => database.close());
  return app;
}
