import type { AnyKysely, KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

async function tableExists(db: AnyKysely, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((table) => table.name === name);
}

/**
 * Kiosk Pay made both tables before the platform existed (20261122_20_payments); older databases
 * have them, and this adds what the outbox needs. A database without them gets them whole.
 */
export const createOutbox: KioskMigration = {
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
};
