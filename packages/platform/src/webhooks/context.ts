import type { WebhookEndpoint } from '@kiosk/contracts';
import type { Database, JobRunner } from '@kiosk/db';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { EventOutbox } from '../events/outbox.ts';
import type { WebhookTables } from './table.ts';

/** What the webhook services work with, built once per server. */
export interface WebhookContext {
  db: Kysely<WebhookTables>;
  database: Database;
  clock: Clock;
  jobs: JobRunner;
  events: EventOutbox;
  /** The operator allows receivers on private addresses (KIOSK_WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Told once an endpoint was disabled for failing three days (the server logs it for the operator). */
  onDisabled(endpoint: WebhookEndpoint): void;
}

/** Retries go on this long after the event, on the platform clock; then the delivery has failed. */
export const RETRY_WINDOW_SECONDS = 3 * 24 * 60 * 60;
/** An endpoint whose deliveries all failed this long is disabled. */
export const DISABLE_AFTER_SECONDS = 3 * 24 * 60 * 60;

export const DELIVER_JOB = 'platform.webhooks.deliver';

/** `*`, an exact type, or a group (`charge.*` hears `charge.succeeded`, not `charge_x.y`). */
export function hears(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === '*' ||
      pattern === type ||
      (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}
