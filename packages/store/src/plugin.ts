import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerAnalyticsRoutes } from './analytics/routes.ts';
import { registerAppRoutes } from './apps/routes.ts';
import { registerCommentRoutes } from './comments/routes.ts';
import { listenToSales } from './commerce/grants.ts';
import { registerCommerceRoutes } from './commerce/routes.ts';
import { registerConsoleRoutes } from './console/routes.ts';
import { createStoreDeps, type StoreContext } from './context.ts';
import { LaunchFiles } from './launch/launch-files.ts';
import { registerLaunchRoutes } from './launch/routes.ts';
import { registerRatingRoutes } from './ratings/routes.ts';
import { registerReviewRoutes } from './reviews/routes.ts';
import { storeSettingsResource } from './reviews/settings.ts';
import { FileBundleStorage } from './storage/file-storage.ts';
import { removeAbandonedUploads } from './versions/receive-tarball.ts';
import { registerVersionRoutes } from './versions/routes.ts';

export { storeMigrations } from './tables.ts';

/** Uploads and temp bundle files this old belong to no running request. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Kiosk Store's routes; its tables come from `storeMigrations`. */
export async function storePlugin(app: FastifyInstance, context: StoreContext): Promise<void> {
  const deps = createStoreDeps(context);
  // What a crashed process left on disk. File times are the wall clock's, so this compares with it.
  const now = Date.now();
  await removeAbandonedUploads(deps.uploadDir, now, ABANDONED_AFTER_MS);
  if (deps.storage instanceof FileBundleStorage)
    await deps.storage.removeAbandonedTempFiles(now, ABANDONED_AFTER_MS);
  registerAppRoutes(app, deps);
  registerVersionRoutes(app, deps);
  registerReviewRoutes(app, deps, storeSettingsResource(context.platform));
  registerConsoleRoutes(app, deps);
  registerRatingRoutes(app, deps);
  registerCommentRoutes(app, deps);
  registerCommerceRoutes(app, deps);
  registerAnalyticsRoutes(app, deps);
  registerLaunchRoutes(app, deps, {
    appsOrigin: context.appsOrigin,
    files: new LaunchFiles(join(resolve(context.dataDir), 'launch'), deps.storage),
  });
  listenToSales(deps, context.payments);
}
