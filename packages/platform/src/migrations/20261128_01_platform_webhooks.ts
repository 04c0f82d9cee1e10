import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * Webhook endpoints and their deliveries (issue 23 item 3). `events.webhooked_at` marks an event once
 * its deliveries are made (as `dispatched_at` marks the outbox's dispatch); the events before this
 * migration had no endpoint to go to, and an event recorded while no endpoint was enabled is never
 * looked at (an endpoint hears what happens while it is enabled, from `enabled_at` on).
 */
export const createWebhooks: KioskMigration = {
  async up(db) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('livemode', 'boolean', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('enabled_events', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('disabled', 'boolean', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('failing_since', 'bigint')
      .addColumn('enabled_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_endpoints_mode')
      .on('webhook_endpoints')
      .columns(['livemode', 'id'])
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('livemode', 'boolean', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('duration_ms', 'integer')
      .addColumn('response_excerpt', 'text')
      .addColumn('error', 'text')
      .addColumn('next_retry_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('webhook_deliveries_event_endpoint', ['endpoint_id', 'event_id'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'id'])
      .execute();

    await db.schema.alterTable('events').addColumn('webhooked_at', 'bigint').execute();
    await db
      .updateTable('events')
      .set({ webhooked_at: sql.ref('created_at') })
      .execute();
    // The sweep reads the events since the earliest enabled endpoint was enabled, not yet fanned out.
    await db.schema
      .createIndex('events_unwebhooked')
      .on('events')
      .columns(['created_at', 'id'])
      .where(sql.ref('webhooked_at'), 'is', null)
      .execute();
  },
};
