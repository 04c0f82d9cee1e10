import type { KioskMigration } from '@kiosk/db';

/**
 * Developer access tokens are API keys of another kind (issue 12 item 3): one table, one hash lookup.
 */
export const addAccessTokens: KioskMigration = {
  async up(db) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('secret_key'))
      .execute();
    await db.schema.alterTable('api_keys').addColumn('scope', 'text').execute();
    await db.schema.alterTable('api_keys').addColumn('permission', 'text').execute();
    await db.schema.alterTable('api_keys').addColumn('expires_at', 'bigint').execute();
    // A developer's token list.
    await db.schema
      .createIndex('api_keys_kind_creator')
      .on('api_keys')
      .columns(['kind', 'created_by'])
      .execute();
    await db.schema
      .createTable('cli_connections')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('approved_by', 'text')
      .addColumn('token_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
