import type { MigrationSet } from '@kiosk/db';
import { createStoreTables } from './20261125_30_store_apps.ts';
import { createStoreSettings } from './20261125_50_store_settings.ts';
import { createAppSearch } from './20261126_40_store_app_search.ts';
import { indexAppSearchDirectly } from './20261127_40_store_app_search_direct.ts';
import { searchUnspacedScripts } from './20261127_41_store_app_search_unspaced.ts';
import { createAppFeedback } from './20261128_40_store_app_feedback.ts';
import { createPaidApps } from './20261128_60_store_paid_apps.ts';
import { createLaunches } from './20261128_70_store_launches.ts';
import { addLaunchable } from './20261129_30_store_launchable.ts';
import { addAppDonations } from './20261130_30_store_app_donations.ts';
import { indexSearchOrders } from './20261205_20_store_app_search_order.ts';

/**
 * Kiosk Store's migrations, one file each, named as they are recorded in the database. Migrations are
 * history: a file is never edited once released; a change of schema is a new file, added here.
 */
export const storeMigrations: MigrationSet = {
  '20261125_30_store_apps': createStoreTables,
  '20261125_50_store_settings': createStoreSettings,
  '20261126_40_store_app_search': createAppSearch,
  '20261127_40_store_app_search_direct': indexAppSearchDirectly,
  '20261127_41_store_app_search_unspaced': searchUnspacedScripts,
  '20261128_40_store_app_feedback': createAppFeedback,
  '20261128_60_store_paid_apps': createPaidApps,
  '20261128_70_store_launches': createLaunches,
  '20261129_30_store_launchable': addLaunchable,
  '20261130_30_store_app_donations': addAppDonations,
  '20261205_20_store_app_search_order': indexSearchOrders,
};
