import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Platform } from '../platform.ts';
import { DELIVER_JOB, FAN_OUT_JOB, type WebhookContext } from './context.ts';
import { deliver, fanOut, type DeliverPayload } from './deliveries.ts';
import { registerWebhookRoutes } from './routes.ts';
import type { WebhookTables } from './table.ts';

export { hears, RETRY_WINDOW_SECONDS, DISABLE_AFTER_SECONDS } from './context.ts';
export { retryDelaySeconds } from './deliveries.ts';
export { signatureHeader } from './send.ts';
export { isPrivateAddress } from './url-guard.ts';

/**
 * How often committed events are looked for. The outbox routes by exact type and webhooks hear every
 * type (`*`), so they sweep the events table on their own: a delivery starts within a second or so.
 */
export const FAN_OUT_SWEEP_MS = 1_000;

export interface WebhooksOptions {
  platform: Platform;
  /** KIOSK_WEBHOOKS_ALLOW_PRIVATE: receivers on private, loopback and link-local addresses are allowed. */
  allowPrivate: boolean;
  /** Who may manage endpoints (identity's access names). */
  access: NonNullable<FastifyContextConfig['access']>;
}

/**
 * Webhooks (issue 23 item 3): endpoints per mode, and every outbox event delivered at least once to
 * each enabled endpoint of its mode that hears its type, signed, by jobs that never block the request
 * that made the event. Registers the routes and the jobs; the sweep is scheduled when the server is
 * ready.
 */
export function registerWebhooks(app: FastifyInstance, options: WebhooksOptions): WebhookContext {
  const { platform } = options;
  const ctx: WebhookContext = {
    db: platform.database.db as Kysely<WebhookTables>,
    database: platform.database,
    clock: platform.clock,
    jobs: platform.jobs,
    events: platform.events,
    allowPrivate: options.allowPrivate,
  };
  platform.jobs.define(FAN_OUT_JOB, async () => void (await fanOut(ctx)));
  // A failed POST is settled by the job itself (retry on the platform clock); the runner's own
  // retries are for the database failing it.
  platform.jobs.define<DeliverPayload>(DELIVER_JOB, (payload) => deliver(ctx, payload), { maxAttempts: 5 });
  registerWebhookRoutes(app, ctx, options.access);
  app.addHook('onReady', () => platform.jobs.schedule(FAN_OUT_JOB, FAN_OUT_JOB, FAN_OUT_SWEEP_MS));
  return ctx;
}
