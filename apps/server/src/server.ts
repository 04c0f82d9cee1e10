import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import {
  JobRunner,
  jobsMigrations,
  migrateToLatest,
  openDatabase,
  reportOutsideIoWith,
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
import {
  createPlatform,
  platformMigrations,
  registerUnitsOfWork,
  registerWebhooks,
  type Clock,
  type Platform,
  type Webhooks,
} from '@kiosk/platform';
import { drainConnections } from './drain-connections.ts';
import { registerClientErrors } from './client-errors.ts';
import type { Config } from './config.ts';
import { demoPlugin } from './demo/plugin.ts';
import { registerHealth } from './health.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerErrorHandling } from './http-errors.ts';
import { registerJsonBodies } from './json-body.ts';
import { registerExpectContinue } from './expect-continue.ts';
import { registerLocale } from './locale.ts';
import { loggerOptions } from './logging.ts';
import { registerMetrics } from './metrics.ts';
import { jobNodeId } from './node-id.ts';
import { registerNulRefusal } from './nul-input.ts';
import { fenceAppsOrigin } from './apps-origin.ts';
import { modules as defaultModules, type KioskModule, type ModuleApis } from './modules.ts';
import { collectOpenApi, registerOpenApiRoutes } from './openapi.ts';
import { RealtimeHub, registerRealtime } from './realtime.ts';
import { callerScope } from './caller-scope.ts';
import { registerWebApp } from './web.ts';

export const VERSION = '0.1.0';

/** What every module can reach: `app.kiosk.database`, `app.kiosk.jobs`, `app.kiosk.config`. */
export interface KioskContext {
  config: Config;
  database: Database;
  jobs: JobRunner;
  /** The clock, the event outbox, realtime fan-out across processes, resources with state machines. */
  platform: Platform;
  realtime: RealtimeHub;
  /** Every route and who it admits (filled when the server is ready). */
  routes: RouteAccess[];
  /** Signed deliveries of events to the merchants' endpoints (set once registered). */
  webhooks?: Webhooks;
  /** What pages can ask a wallet to do through connect sessions; modules add their own actions. */
  connectActions: ConnectActions;
  /** The interfaces modules publish for each other (the store buys through `modules.payments`). */
  modules: ModuleApis;
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
  /** Where every service reads the time; a test passes a TestClock to move it. */
  clock?: Clock;
  /** Told the SQL of every statement the database runs (tests count what a request reads). */
  onQuery?: (sql: string) => void;
}

function migrationsOf(modules: KioskModule[]): MigrationSet[] {
  return [jobsMigrations, platformMigrations, identityMigrations, ...modules.map((m) => m.migrations)];
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

/** The server's database, its schema brought up to date. */
async function openMigratedDatabase(
  config: Config,
  options: BuildOptions,
  logger: FastifyBaseLogger,
  modules: KioskModule[],
): Promise<Database> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
    onQuery: options.onQuery,
  });
  // Outside I/O inside a transaction is a bug: thrown in development and tests, logged in production
  // (where the request still works, only holding its connection longer).
  if (process.env.NODE_ENV === 'production')
    reportOutsideIoWith((error) => logger.error({ err: error }, 'outside I/O inside a transaction'));
  try {
    await migrateToLatest(database, migrationsOf(modules), options.onMigration);
    return database;
  } catch (error) {
    await database.close();
    throw error;
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
  const database = await openMigratedDatabase(config, options, logger, modules);

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
    nodeId: jobNodeId(config, database.engine),
    pollMs: config.jobPollMs,
    onError: (error, job) => app.log.warn({ err: error, job }, 'job failed'),
    ...(options.clock ? { now: () => options.clock!.nowMs() } : {}),
  });
  const platform = createPlatform({
    database,
    jobs,
    databaseUrl: config.databaseUrl,
    clock: options.clock,
    onError: (error) => app.log.warn({ err: error }, 'event dispatch failed'),
  });
  const realtime = new RealtimeHub();
  // Every process hears every message (PostgreSQL NOTIFY) and hands it to its own sockets.
  platform.broadcaster.onMessage((message) => realtime.publish(message.topic, message.type, message.data));
  const routes: RouteAccess[] = [];
  const connectActions = new ConnectActions();
  app.decorate('kiosk', { config, database, jobs, platform, realtime, routes, connectActions, modules: {} });

  registerErrorHandling(app);
  fenceAppsOrigin(app, config.appsOrigin);
  await app.register(cookie);
  registerSecurityHeaders(app);
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
  registerNulRefusal(app);
  registerJsonBodies(app);
  registerExpectContinue(app);
  // API answers above a kilobyte go compressed (checkout pages poll retrieve every 2 s); the web
  // app's files come compressed from the build instead (web.ts).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Before any route: every write runs as one unit of work with its Idempotency-Key answer, and the
  // OpenAPI document hears of every route.
  registerUnitsOfWork(app, { database, clock: platform.clock, scopeOf: callerScope });
  await collectOpenApi(app, VERSION, config.baseUrl);
  // Identity goes first among route owners: it makes every later route declare who may call it.
  await app.register(identityPlugin, {
    platform,
    baseUrl: config.baseUrl,
    ownerDid: config.ownerDid,
    testWallet: config.testWallet,
    signInRateLimit: config.signInRateLimit,
    trustedOrigins: config.corsOrigins,
    connectActions,
    notify: (token, status, error) =>
      platform.broadcaster.publish(database.db, {
        topic: `connect:${token}`,
        type: 'connect.status',
        data: { status, error },
      }),
    routes,
  });
  realtime.authorize('connect:', (topic, message) =>
    canWatchConnectSession(platform, topic.slice('connect:'.length), String(message.secret ?? '')),
  );
  await registerRealtime(app, realtime);
  const metrics = registerMetrics(app);
  registerClientErrors(app, {
    metrics,
    sampleRate: config.errorSampleRate,
    rateLimit: config.clientErrorRateLimit,
  });
  await registerOpenApiRoutes(app);
  registerHealth(app, database, VERSION);
  app.kiosk.webhooks = registerWebhooks(app, {
    platform,
    allowPrivate: config.webhooksAllowPrivate,
    access: ['admin', 'apiKey'],
  });
  for (const module of modules) await app.register(module.plugin);
  if (config.testWallet) await app.register(demoPlugin);
  await registerWebApp(app, config);

  app.addHook('onReady', async () => {
    await platform.start();
    jobs.start();
  });
  let drained: (() => void) | undefined;
  app.addHook('preClose', async () => {
    drained = drainConnections(app.server, config.shutdownGraceMs);
    await jobs.stop(config.shutdownGraceMs);
  });
  app.addHook('onClose', async () => {
    drained?.();
    await platform.close();
    await database.close();
  });
  return app;
}
