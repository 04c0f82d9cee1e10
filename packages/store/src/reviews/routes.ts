import { appReviewRoutes, storeSettingsRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { getThread, listReviewQueue, setAppReviewType, takeReviewAction } from './service.ts';
import { getStoreSettings, storeSettingsResource, updateStoreSettings } from './settings.ts';

export type StoreSettingsResource = ReturnType<typeof storeSettingsResource>;

/** The review workflow's routes (docs/store.md "The review workflow over HTTP") and the store's settings. */
export function registerReviewRoutes(
  app: FastifyInstance,
  deps: StoreDeps,
  settings: StoreSettingsResource,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const developerAction = appReviewRoutes['POST /api/developer/apps/:did/versions/:version/review'];
  r.post(
    developerAction.path,
    {
      config: { access: ['developer'] },
      schema: {
        tags: ['store'],
        summary: "The app's developer: request review, reply, cancel the review, or publish the version",
        ...developerAction.schema,
      },
    },
    (request) =>
      takeReviewAction(
        deps,
        { did: viewerOf(request.auth).did!, role: 'developer' },
        { ...request.params, ...request.body },
      ),
  );

  const adminAction = appReviewRoutes['POST /api/console/apps/:did/versions/:version/review'];
  r.post(
    adminAction.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['store'],
        summary:
          'An admin: start the review, approve (optionally setting the review type), reject, or comment',
        ...adminAction.schema,
      },
    },
    (request) => {
      const { review_type, ...action } = request.body;
      return takeReviewAction(
        deps,
        { did: viewerOf(request.auth).did!, role: 'admin' },
        { ...request.params, ...action, reviewType: review_type },
      );
    },
  );

  const thread = appReviewRoutes['GET /api/developer/apps/:did/versions/:version/thread'];
  r.get(
    thread.path,
    {
      config: { access: ['developer', 'admin'] },
      schema: {
        tags: ['store'],
        summary: "A version's review thread, oldest first (its developer and the admins)",
        ...thread.schema,
      },
    },
    (request) => getThread(deps, request.params, viewerOf(request.auth)),
  );

  const queue = appReviewRoutes['GET /api/console/reviews'];
  r.get(
    queue.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['store'],
        summary: 'The review queue: versions pending or in review (or in `status`), waiting longest first',
        ...queue.schema,
      },
    },
    (request) => listReviewQueue(deps, request.query),
  );

  const readSettings = storeSettingsRoutes['GET /api/console/store-settings'];
  r.get(
    readSettings.path,
    {
      config: { access: ['admin'] },
      schema: { tags: ['store'], summary: "The store's settings", ...readSettings.schema },
    },
    () => getStoreSettings(deps),
  );

  const changeSettings = storeSettingsRoutes['PUT /api/console/store-settings'];
  r.put(
    changeSettings.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['store'],
        summary: "Change the store's settings: the review type of apps without their own",
        ...changeSettings.schema,
      },
    },
    (request) => updateStoreSettings(deps, settings, request.body),
  );

  const consoleApp = storeSettingsRoutes['PUT /api/console/apps/:did'];
  r.put(
    consoleApp.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['store'],
        summary: "An admin sets an app's own review type (null: the store's setting)",
        ...consoleApp.schema,
      },
    },
    (request) => setAppReviewType(deps, request.params.did, request.body.review_type),
  );
}
