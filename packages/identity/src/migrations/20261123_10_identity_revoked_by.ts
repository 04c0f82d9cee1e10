import type { KioskMigration } from '@kiosk/db';

/**
 * Who revoked a key or a role is part of the record (its event carries it).
 */
export const addRevokedBy: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('api_keys').addColumn('revoked_by', 'text').execute();
    await db.schema.alterTable('passports').addColumn('revoked_by', 'text').execute();
  },
};
