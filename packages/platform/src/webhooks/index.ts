import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Platform } from '../platform.ts';
import { DELIVER_JOB, type WebhookContext } from './context.ts';
import { deliver, fanOut, type DeliverPayload } from './deliveries.ts';
import { registerWebhookRoutes } from './routes.ts';
import { Sweep } from './sweep.ts';
import type { WebhookTables } from './table.ts';

export { hears, RETRY_WINDOW_SECONDS, DISABLE_AFTER_SECONDS } from './context.ts';
export { retryDelaySeconds } from './deliveries.ts';
export { signatureHeader } from './send.ts';
export { isPrivateAddress } from './url-guard.ts';

/**
 * How often committed events are looked for (wall time). The outbox routes by exact type and webhooks
 * hear groups and `*`, so they sweep the events table on their own: a delivery starts within a second
 * or so of its event's commit.
 */
export const FAN_OUT_SWEEP_MS = 1_000;
/** Deliveries a server process sends at once. */
export const DELIVERY_CONCURRENCY = 2;

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
 * that made the event. Registers the routes and the jobs; the sweep runs from when the server is
 * ready until it closes.
 */
export function registerWebhooks(app: FastifyInstance, options: WebhooksOptions): Webhooks {
  const { platform } = options;
  const ctx: WebhookContext = {
    db: platform.database.db as Kysely<WebhookTables>,
    database: platform.database,
    clock: platform.clock,
    jobs: platform.jobs,
    events: platform.events,
    allowPrivate: options.allowPrivate,
    onDisabled: (endpoint) =>
      app.log.warn(
        { webhookEndpoint: endpoint.id, url: endpoint.url, livemode: endpoint.livemode },
        'webhook endpoint disabled: its deliveries failed for three days',
      ),
  };
  // A failed POST is settled by the job itself (retry on the platform clock); the runner's own
  // retries are for the database failing it. Receivers that hang (10 s each) hold two of the
  // runner's slots at most: billing's jobs keep the others.
  platform.jobs.define<DeliverPayload>(DELIVER_JOB, (payload) => deliver(ctx, payload), {
    maxAttempts: 5,
    concurrency: DELIVERY_CONCURRENCY,
  });
  registerWebhookRoutes(app, ctx, options.access);
  const sweep = new Sweep(
    () => fanOut(ctx),
    FAN_OUT_SWEEP_MS,
    (error) => app.log.warn({ err: error }, 'webhook fan-out failed'),
  );
  app.addHook('onReady', async () => sweep.start());
  // Before the job runner stops and the database closes.
  app.addHook('preClose', () => sweep.stop());
  return { context: ctx, stopFanOut: () => sweep.stop() };
}

export interface Webhooks {
  context: WebhookContext;
  /** Stops looking for new events to deliver (shutdown; a test that must see no write in the background). */
  stopFanOut(): Promise<void>;
}
