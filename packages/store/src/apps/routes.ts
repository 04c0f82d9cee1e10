import { appRoutes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StoreDeps } from '../context.ts';
import { viewerOf } from './audience.ts';
import { getAppDetail, listDeveloperApps, listStoreFront, updateApp } from './service.ts';

export function registerAppRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const front = appRoutes['GET /api/apps'];
  r.get(
    front.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['store'],
        summary: 'Published apps: search (q), category, sort (relevance, downloads, newest, name)',
        ...front.schema,
      },
    },
    (request) => listStoreFront(deps, request.query),
  );

  const detail = appRoutes['GET /api/apps/:did'];
  r.get(
    detail.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['store'],
        summary: 'An app and its versions (drafts only to its developer and the admins)',
        ...detail.schema,
      },
    },
    async (request) => {
      const found = await getAppDetail(deps, request.params.did, viewerOf(request.auth));
      if (!found) throw new KioskError('APP_NOT_FOUND', { status: 404 });
      return found;
    },
  );

  const mine = appRoutes['GET /api/developer/apps'];
  r.get(
    mine.path,
    {
      config: { access: ['developer'] },
      schema: { tags: ['store'], summary: "The developer's own apps", ...mine.schema },
    },
    (request) => listDeveloperApps(deps, viewerOf(request.auth).did!, request.query),
  );

  const update = appRoutes['PUT /api/developer/apps/:did'];
  r.put(
    update.path,
    {
      config: { access: ['developer'] },
      schema: {
        tags: ['store'],
        summary: "Edit an app's title, description, category, visibility and auto-publish",
        ...update.schema,
      },
    },
    (request) => updateApp(deps, request.params.did, viewerOf(request.auth).did!, request.body),
  );
}
