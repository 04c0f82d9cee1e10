import type { KioskMigration } from '@kiosk/db';

/**
 * An editor (the studio) gets its token the way the CLI does, approved on its own page (issue 12 item 4).
 */
export const addConnectionClient: KioskMigration = {
  async up(db) {
    await db.schema
      .alterTable('cli_connections')
      .addColumn('client', 'text', (c) => c.notNull().defaultTo('cli'))
      .execute();
  },
};
