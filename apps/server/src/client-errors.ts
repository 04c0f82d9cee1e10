import { CLIENT_ERROR_BODY_LIMIT, clientErrorRoutes } from '@kiosk/contracts';
import type { Principal } from '@kiosk/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, type Registry } from 'prom-client';
import { redactQuery } from './logging.ts';

/**
 * Browsers report their own errors here (seed 001 §9). Sampling is the browser's job (it learns the
 * rate from GET /api/client-errors/config when its first error happens, so an error-free page load
 * costs no request); the server keeps every report it is sent, and limits each address instead.
 */

export interface ClientErrorOptions {
  /** KIOSK_ERROR_SAMPLE_RATE: the share of page loads that report. */
  sampleRate: number;
  /** KIOSK_CLIENT_ERROR_RATE_LIMIT: reports per minute per IP. */
  rateLimit: number;
  /** The server's metrics registry (/metrics). */
  metrics: Registry;
}

/** A log line stays readable: the frames past the first few dozen rarely say more. */
const LOGGED_STACK_CHARS = 4_000;
const LOGGED_USER_AGENT_CHARS = 512;
/** Browsers cache the rate this long: a changed rate reaches every page within five minutes. */
const CONFIG_MAX_AGE_SECONDS = 300;

/**
 * An error's text may quote an address with an authToken in it (a failed fetch names its URL): each
 * address's query goes through the same redaction as the request log's.
 */
export function redactUrlsIn(text: string): string {
  return text.replace(/[^\s"'`()<>]*\?[^\s"'`()<>]+/g, (url) => redactQuery(url));
}

/** Whose page it was: a signed-in user or the buyer of an embedded checkout's authToken. */
function callerDid(auth: Principal): string | undefined {
  if (auth.kind === 'user') return auth.did;
  if (auth.kind === 'authToken') return auth.customerDid;
  return undefined;
}

export function registerClientErrors(app: FastifyInstance, options: ClientErrorOptions): void {
  const reports = new Counter({
    name: 'kiosk_client_errors_total',
    help: 'Error reports browsers sent (after their own sampling), by where the error came from',
    labelNames: ['source'],
    registers: [options.metrics],
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  const report = clientErrorRoutes['POST /api/client-errors'];
  r.post(
    report.path,
    {
      // Anyone: the buyer whose checkout broke may not be signed in.
      config: { access: ['public'], rateLimit: { max: options.rateLimit, timeWindow: 60_000 } },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: {
        tags: ['system'],
        summary: 'Report an error a page met (logged at warn and counted; never stored)',
        ...report.schema,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const userAgent = request.headers['user-agent'];
      request.log.warn(
        {
          client_error: {
            source: body.source,
            page: body.page,
            app_version: body.app_version,
            message: redactUrlsIn(body.message),
            stack: body.stack && redactUrlsIn(body.stack.slice(0, LOGGED_STACK_CHARS)),
            component_stack: body.component_stack?.slice(0, LOGGED_STACK_CHARS),
            did: callerDid(request.auth),
            user_agent: userAgent?.slice(0, LOGGED_USER_AGENT_CHARS),
          },
        },
        'client error',
      );
      reports.inc({ source: body.source });
      reply.status(204);
      return null;
    },
  );

  const config = clientErrorRoutes['GET /api/client-errors/config'];
  r.get(
    config.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['system'],
        summary: 'The share of page loads that report their errors (KIOSK_ERROR_SAMPLE_RATE)',
        ...config.schema,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${CONFIG_MAX_AGE_SECONDS}`);
      return { sample_rate: options.sampleRate };
    },
  );
}
