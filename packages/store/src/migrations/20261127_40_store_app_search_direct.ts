import type { KioskMigration } from '@kiosk/db';
import { sql } from 'kysely';

/**
 * GIN's fast update queues new entries in a pending list that every search reads in full, and
 * which the planner prices so high that it scans the table instead, until a vacuum empties the
 * list: after a few thousand apps arrive, every search read the whole table. The store's apps are
 * written rarely and searched often, so each write now goes straight into the index.
 */
export const indexAppSearchDirectly: KioskMigration = {
  async up(db, engine) {
    if (engine !== 'postgres') return;
    await sql`alter index store_apps_search set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list('store_apps_search')`.execute(db);
  },
};
