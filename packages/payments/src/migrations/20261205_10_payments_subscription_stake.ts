import type { KioskMigration } from '@kiosk/db';
import { json } from './column-builders.ts';

/** Issue 25: the stake a subscription's customer locked at subscribe (subscriptions/table.ts `stake`). */
export const addSubscriptionStake: KioskMigration = {
  async up(db) {
    await db.schema.alterTable('subscriptions').addColumn('stake', 'text', json).execute();
  },
};
