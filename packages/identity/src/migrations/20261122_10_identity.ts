import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/** Identity's first tables: users, their roles (passports), sessions and sign-in, connect sessions, API keys. */
export const createIdentityTables: KioskMigration = {
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('did', 'text', (c) => c.primaryKey().notNull())
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text')
      .addColumn('avatar', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('last_login_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('passports')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('user_did', 'text', (c) => c.notNull().references('users.did'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('issued_by', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    // One live passport per user and role; revoked ones stay as history.
    await db.schema
      .createIndex('passports_live_role')
      .on('passports')
      .columns(['user_did', 'role'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('user_did', 'text', (c) => c.notNull().references('users.did'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('auth_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey().notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createTable('connect_sessions')
      .addColumn('token', 'text', (c) => c.primaryKey().notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('did', 'text')
      .addColumn('error', 'text')
      .addColumn('redeemed', 'boolean', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('livemode', 'boolean', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createTable('instance_values')
      .addColumn('name', 'text', (c) => c.primaryKey().notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
