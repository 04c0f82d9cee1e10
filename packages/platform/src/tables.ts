import type { AnyKysely, MigrationSet } from '@kiosk/db';
import { sql } from 'kysely';

/** The platform's tables; times are unix seconds. Modules write them only through the platform. */
export interface PlatformTables {
  /**
   * The outbox: an event per state change, written in the change's transaction, with a snapshot of
   * the object (what a webhook will send). `dispatched_at` is set once it went out.
   */
  events: {
    id: string;
    livemode: number | boolean;
    type: string;
    /** `checkout.session`, `payment_intent` … (null on events from before the outbox). */
    object_type: string | null;
    object_id: string;
    /** JSON: the object after the change. */
    data: string;
    /** JSON: the realtime topics that hear of it. */
    topics: string;
    created_at: number;
    dispatched_at: number | null;
  };
  /** A write with an Idempotency-Key: its fingerprint and, once done, its answer (kept 24 hours). */
  idempotency_keys: {
    scope: string;
    key: string;
    request_hash: string;
    status_code: number | null;
    response: string | null;
    created_at: number;
  };
  /** A read model's key and how often the events that change it were recorded (read-versions.ts). */
  read_versions: {
    key: string;
    version: number;
  };
}

async function tableExists(db: AnyKysely, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((table) => table.name === name);
}

export const platformMigrations: MigrationSet = {
  // Kiosk Pay made both tables before the platform existed (20261122_20_payments); older databases
  // have them, and this adds what the outbox needs. A database without them gets them whole.
  '20261123_01_platform_outbox': {
    async up(db) {
      if (!(await tableExists(db, 'events'))) {
        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (c) => c.primaryKey().notNull())
          .addColumn('livemode', 'boolean', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('object_id', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('events_object')
          .on('events')
          .columns(['object_id', 'created_at'])
          .execute();
      }
      await db.schema.alterTable('events').addColumn('object_type', 'text').execute();
      await db.schema
        .alterTable('events')
        .addColumn('topics', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('events').addColumn('dispatched_at', 'bigint').execute();
      // Events from before the outbox were pushed when they happened.
      await db
        .updateTable('events')
        .set({ dispatched_at: sql.ref('created_at') })
        .execute();
      await db.schema
        .createIndex('events_undispatched')
        .on('events')
        .column('id')
        .where(sql.ref('dispatched_at'), 'is', null)
        .execute();

      if (!(await tableExists(db, 'idempotency_keys'))) {
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('request_hash', 'text', (c) => c.notNull())
          .addColumn('status_code', 'integer')
          .addColumn('response', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
          .execute();
      }
      await db.schema
        .createIndex('idempotency_keys_created')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  },
  '20261123_02_platform_read_versions': {
    async up(db) {
      await db.schema
        .createTable('read_versions')
        .addColumn('key', 'text', (c) => c.primaryKey().notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
