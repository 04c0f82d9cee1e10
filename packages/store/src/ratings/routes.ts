import { ratingRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { getRatingSummary, rateApp } from './service.ts';

export function registerRatingRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const summary = ratingRoutes['GET /api/apps/:did/ratings'];
  r.get(
    summary.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['store'],
        summary: "An app's ratings: average, count and 1–5 histogram, with the viewer's own score",
        ...summary.schema,
      },
    },
    (request) => getRatingSummary(deps, request.params.did, viewerOf(request.auth)),
  );

  const rate = ratingRoutes['PUT /api/apps/:did/rating'];
  r.put(
    rate.path,
    {
      config: { access: ['signedIn'] },
      schema: {
        tags: ['store'],
        summary: "Rate an app 1 to 5, or change one's rating (only buyers rate a paid app)",
        ...rate.schema,
      },
    },
    (request) => rateApp(deps, viewerOf(request.auth), request.params.did, request.body.score),
  );
}
