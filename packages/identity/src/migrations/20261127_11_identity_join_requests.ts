import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * Joining as a developer by invitation (issue 12 item 7): the request an admin approves or declines.
 */
export const createJoinRequests: KioskMigration = {
  async up(db) {
    await db.schema
      .createTable('developer_join_requests')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('did', 'text', (c) => c.notNull().references('users.did'))
      .addColumn('message', 'text')
      .addColumn('terms_accepted_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // One pending request per user: a second submit, even a racing one, finds the first.
    await db.schema
      .createIndex('developer_join_requests_one_pending')
      .on('developer_join_requests')
      .column('did')
      .unique()
      .where(sql.ref('status'), '=', sql.lit('pending'))
      .execute();
    // The console's list by status; a user's latest request.
    await db.schema
      .createIndex('developer_join_requests_status')
      .on('developer_join_requests')
      .columns(['status', 'id'])
      .execute();
    await db.schema
      .createIndex('developer_join_requests_did')
      .on('developer_join_requests')
      .columns(['did', 'id'])
      .execute();
  },
};
