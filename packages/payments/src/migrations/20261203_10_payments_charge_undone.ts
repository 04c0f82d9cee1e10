import type { KioskMigration } from '@kiosk/db';

/**
 * A charge whose payment paid its intent and was then undone by its chain (a reorg: flows/watch-paid.ts)
 * says so (`undone_at`), so that its payment, confirmed again, pays nothing twice (reconfirm-charge.ts).
 */
export const addChargeUndone: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('charges').addColumn('undone_at', 'bigint').execute();
  },
};
