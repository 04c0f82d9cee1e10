import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresUrlProblem, redactUrl } from '@kiosk/db';
import { z } from 'zod';

/**
 * Configuration comes from environment variables only, with defaults that work on one machine.
 * Every bad value is reported at start, one line each, before anything opens.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z
  .string()
  .regex(/^\d+$/, 'must be a whole number between 0 and 65535')
  .transform(Number)
  .refine((n) => n <= 65_535, 'must be a whole number between 0 and 65535');

const httpUrl = z
  .string()
  .refine(
    (value) => /^https?:\/\/[^/\s]+/.test(value) && URL.canParse(value),
    'must be an http:// or https:// URL',
  )
  .transform((value) => value.replace(/\/+$/, ''));

/** Every form pg connects with, unix sockets included (`postgres://user@/db?host=/var/run/postgresql`). */
const postgresUrl = z.string().superRefine((value, context) => {
  const problem = postgresUrlProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: `${problem} (leave it unset to use SQLite)` });
});

const envSchema = z.object({
  PORT: port.default(3000),
  KIOSK_DEMO_CHAIN_PORT: port.default(8545),
  KIOSK_DEMO_STRIPE_PORT: port.default(12111),
  KIOSK_DEMO_BITCOIN_PORT: port.default(3002),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  KIOSK_DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  DATABASE_URL: postgresUrl.optional(),
  KIOSK_BASE_URL: httpUrl.optional(),
  KIOSK_APPS_ORIGIN: httpUrl
    .refine((value) => new URL(value).origin === value, 'must be an origin like https://apps.example.com')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  KIOSK_WEB_DIR: z.string().min(1, 'must not be empty').optional(),
  KIOSK_JOB_POLL_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .refine((n) => n >= 10, 'must be at least 10')
    .default(1_000),
  KIOSK_OWNER_DID: z
    .string()
    .regex(
      /^did:pkh:eip155:1:0x[0-9a-f]{40}$/,
      'must be a DID like did:pkh:eip155:1:0x… (lower-case address)',
    )
    .optional(),
  KIOSK_CORS_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
      'must be a comma-separated list of origins like https://shop.example.com',
    )
    .default([]),
  KIOSK_TEST_WALLET: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  KIOSK_WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['1', '0', 'true', 'false'], { message: 'must be 1, 0, true or false' })
    .default('0'),
  KIOSK_SIGNIN_RATE_LIMIT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of requests per minute')
    .transform(Number)
    .default(30),
  KIOSK_ERROR_SAMPLE_RATE: z
    .string()
    .regex(/^(0|1|0?\.\d+|1\.0+)$/, 'must be a number from 0 to 1, like 0.25')
    .transform(Number)
    .default(1),
  KIOSK_CLIENT_ERROR_RATE_LIMIT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of reports per minute')
    .transform(Number)
    .refine((n) => n >= 1, 'must be at least 1 (KIOSK_ERROR_SAMPLE_RATE=0 stops the reports)')
    .default(60),
  KIOSK_SHUTDOWN_GRACE_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .default(10_000),
  KIOSK_NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._:@-]{1,100}$/, 'must be up to 100 letters, digits and . _ : @ -')
    .optional(),
  KIOSK_EVM_COLLECTOR_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed private key of 64 hex digits')
    .optional(),
  KIOSK_STRIPE_API_BASE: httpUrl.optional(),
  KIOSK_STRIPE_JS_URL: httpUrl.optional(),
});

export interface Config {
  port: number;
  /** The port of the local chain `kiosk serve --demo` starts. */
  demoChainPort: number;
  /** The port of the local Stripe emulator `kiosk serve --demo` starts. */
  demoStripePort: number;
  /** The port of the local Bitcoin stand-in (regtest, Esplora's API) `kiosk serve --demo` starts. */
  demoBitcoinPort: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The address users reach the server at; links and sign-in messages use it. */
  baseUrl: string;
  /**
   * The origin launched web apps are served from (issue 24 item 4): another host than the store's,
   * so an app shares none of its cookies. Unset, `apps.localhost` on a local server; else no launch.
   */
  appsOrigin: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app; the server answers API calls only if it is missing. */
  webDir: string;
  jobPollMs: number;
  /** This process's node among those sharing the database, the same across its restarts. */
  nodeId: string | undefined;
  shutdownGraceMs: number;
  /** The owner's DID; unset, the first user to sign in becomes owner. */
  ownerDid: string | undefined;
  /** Origins allowed to call the API from a browser (embedded checkout on a host site). */
  corsOrigins: string[];
  /** The demo's built-in test wallet; never on in production. */
  testWallet: boolean;
  /** Webhook receivers on private, loopback and link-local addresses are allowed (one host, tests). */
  webhooksAllowPrivate: boolean;
  signInRateLimit: number;
  /** The share of page loads whose browser errors are reported (0 to 1); browsers do the sampling. */
  errorSampleRate: number;
  /** Browser error reports per minute per IP. */
  clientErrorRateLimit: number;
  /** The account that pulls subscription payments on EVM chains; unset, subscriptions cannot be collected. */
  evmCollectorKey: `0x${string}` | undefined;
  /**
   * Stripe's API and Stripe.js at a local emulator instead of Stripe (tests and the demo,
   * docs/stripe-emulator.md); unset, card methods reach Stripe itself.
   */
  stripeApiBase: string | undefined;
  stripeJsUrl: string | undefined;
}

/** One line per variable: what is wrong and what was given. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * How a refused value is quoted back: URLs without their passwords, a private key not at all (its
 * length says enough to spot a missing digit). Every other value is shown as given.
 */
const SHOWN: Partial<Record<keyof z.input<typeof envSchema>, (value: string) => string>> = {
  DATABASE_URL: (value) => JSON.stringify(redactUrl(value)),
  KIOSK_BASE_URL: (value) => JSON.stringify(redactUrl(value)),
  KIOSK_APPS_ORIGIN: (value) => JSON.stringify(redactUrl(value)),
  KIOSK_CORS_ORIGINS: (value) => JSON.stringify(value.split(',').map(redactUrl).join(',')),
  KIOSK_EVM_COLLECTOR_KEY: (value) => `${value.length} characters, not shown`,
};

function shown(name: keyof typeof SHOWN, value: string): string {
  return SHOWN[name]?.(value) ?? JSON.stringify(value);
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "unset", as in most twelve-factor tools.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]) as keyof typeof SHOWN;
        return `${name}: ${issue.message} (got ${shown(name, given[name]!)})`;
      }),
    );
  }
  const e = parsed.data;
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const baseUrl =
    e.KIOSK_BASE_URL ?? `http://${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${e.PORT}`;
  return {
    port: e.PORT,
    demoChainPort: e.KIOSK_DEMO_CHAIN_PORT,
    demoStripePort: e.KIOSK_DEMO_STRIPE_PORT,
    demoBitcoinPort: e.KIOSK_DEMO_BITCOIN_PORT,
    host: e.HOST,
    dataDir: resolve(e.KIOSK_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    baseUrl,
    appsOrigin: e.KIOSK_APPS_ORIGIN ?? localAppsOrigin(baseUrl),
    logLevel: e.LOG_LEVEL,
    webDir: resolve(e.KIOSK_WEB_DIR ?? DEFAULT_WEB_DIR),
    jobPollMs: e.KIOSK_JOB_POLL_MS,
    nodeId: e.KIOSK_NODE_ID,
    shutdownGraceMs: e.KIOSK_SHUTDOWN_GRACE_MS,
    ownerDid: e.KIOSK_OWNER_DID,
    corsOrigins: e.KIOSK_CORS_ORIGINS,
    testWallet: e.KIOSK_TEST_WALLET === 'true',
    webhooksAllowPrivate: e.KIOSK_WEBHOOKS_ALLOW_PRIVATE === '1' || e.KIOSK_WEBHOOKS_ALLOW_PRIVATE === 'true',
    signInRateLimit: e.KIOSK_SIGNIN_RATE_LIMIT,
    errorSampleRate: e.KIOSK_ERROR_SAMPLE_RATE,
    clientErrorRateLimit: e.KIOSK_CLIENT_ERROR_RATE_LIMIT,
    evmCollectorKey: e.KIOSK_EVM_COLLECTOR_KEY as `0x${string}` | undefined,
    stripeApiBase: e.KIOSK_STRIPE_API_BASE,
    stripeJsUrl: e.KIOSK_STRIPE_JS_URL,
  };
}

/**
 * A server on this machine serves apps from `apps.localhost` on its own port: browsers resolve every
 * `*.localhost` to this machine, and it is another site than `localhost` or `127.0.0.1`, so the
 * store's cookies never reach it. (A port alone would not do: cookies ignore ports.)
 */
function localAppsOrigin(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return undefined;
  return `${url.protocol}//apps.localhost${url.port ? `:${url.port}` : ''}`;
}

/** The variables the README documents, in one place for `kiosk --help` and the docs. */
export const CONFIG_VARIABLES: Record<keyof z.input<typeof envSchema>, string> = {
  PORT: 'TCP port to listen on (default 3000; 0 picks a free port)',
  KIOSK_DEMO_CHAIN_PORT: 'port of the local chain `serve --demo` starts (default 8545)',
  KIOSK_DEMO_STRIPE_PORT: 'port of the local Stripe emulator `serve --demo` starts (default 12111)',
  KIOSK_DEMO_BITCOIN_PORT:
    'port of the local Bitcoin stand-in (regtest) `serve --demo` starts (default 3002)',
  HOST: 'interface to bind (default 127.0.0.1; 0.0.0.0 for all)',
  KIOSK_DATA_DIR: 'where the SQLite file and uploads live (default ./.data)',
  DATABASE_URL:
    'postgres://… to use PostgreSQL instead of SQLite (a unix socket: postgres://user@/db?host=/var/run/postgresql)',
  KIOSK_BASE_URL: 'public address of the server (default http://HOST:PORT)',
  KIOSK_APPS_ORIGIN:
    'origin launched web apps are served from, another host than the store (default http://apps.localhost:PORT on a local server; unset elsewhere, nothing launches)',
  LOG_LEVEL: 'fatal, error, warn, info (default), debug, trace or silent',
  KIOSK_WEB_DIR: 'the built web app to serve (default apps/web/dist)',
  KIOSK_JOB_POLL_MS: 'how often the job runner looks for due jobs (default 1000)',
  KIOSK_SHUTDOWN_GRACE_MS: 'how long shutdown waits for requests and jobs (default 10000)',
  KIOSK_NODE_ID:
    "this process's name among those sharing one database, the same across its restarts (default: kept in the data dir on SQLite)",
  KIOSK_OWNER_DID: 'DID of the owner; unset, the first user to sign in becomes owner',
  KIOSK_CORS_ORIGINS: 'comma-separated origins that may call the API from a browser',
  KIOSK_TEST_WALLET: 'true enables the built-in test wallet (demo and tests only; default false)',
  KIOSK_WEBHOOKS_ALLOW_PRIVATE:
    '1 lets webhook endpoints point at private, loopback or link-local addresses (default 0: refused)',
  KIOSK_SIGNIN_RATE_LIMIT: 'sign-in requests per minute per IP (default 30)',
  KIOSK_ERROR_SAMPLE_RATE: 'share of page loads (0 to 1) that report browser errors (default 1)',
  KIOSK_CLIENT_ERROR_RATE_LIMIT: 'browser error reports per minute per IP (default 60)',
  KIOSK_EVM_COLLECTOR_KEY:
    'private key of the account that collects subscription payments on EVM chains (docs/recurring-crypto.md)',
  KIOSK_STRIPE_API_BASE:
    "Stripe's API at a local emulator instead of api.stripe.com (tests and the demo; docs/stripe-emulator.md)",
  KIOSK_STRIPE_JS_URL: 'Stripe.js from a local emulator instead of js.stripe.com (tests and the demo)',
};
