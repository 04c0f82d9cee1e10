import { metricsRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { dashboardMetrics } from './queries.ts';

export function registerMetricsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const metrics = metricsRoutes['GET /api/dashboard/metrics'];
  r.get(
    metrics.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['dashboard'],
        summary: "The dashboard's home: volumes, new customers, active subscriptions and MRR per UTC day",
        ...metrics.schema,
      },
    },
    (request) => dashboardMetrics(deps.db, deps.engine, request.livemode, request.query),
  );
}
