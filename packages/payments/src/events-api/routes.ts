import { eventRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { listEvents } from './queries.ts';

/** The merchant's event log (issue 23): what happened to their payment objects, as webhooks will tell it. */
export function registerEventRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = eventRoutes['GET /api/events'];
  r.get(
    list.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags: ['events'],
        summary: 'Events of Kiosk Pay objects in the current mode, newest first',
        ...list.schema,
      },
    },
    (request) => listEvents(deps, request.livemode, request.query),
  );
}
