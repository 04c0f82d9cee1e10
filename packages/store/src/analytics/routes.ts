import { appRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import { assertDeveloperOf, findApp } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import { storeAnalytics } from './analytics.ts';

/** Issue 24 item 6: an app's figures for its developer (and the admins), and the store's for its admins. */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const ofApp = appRoutes['GET /api/developer/apps/:did/analytics'];
  r.get(
    ofApp.path,
    {
      config: { access: ['developer', 'admin'] },
      schema: { tags: ['store'], summary: "An app's figures per day, the last 30 days", ...ofApp.schema },
    },
    async (request) => {
      const found = await findApp(deps.db, request.params.did);
      if (!found) throw new KioskError('APP_NOT_FOUND', { status: 404 });
      const viewer = viewerOf(request.auth);
      if (!viewer.admin) assertDeveloperOf(found, viewer.did!);
      return storeAnalytics(deps, { app: found.id });
    },
  );

  const ofStore = appRoutes['GET /api/console/analytics'];
  r.get(
    ofStore.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['store'],
        summary: "The store's figures per day, the last 30 days",
        ...ofStore.schema,
      },
    },
    () => storeAnalytics(deps, { store: true }),
  );
}
