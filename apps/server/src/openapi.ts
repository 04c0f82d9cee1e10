import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from the code.
 * The collector is registered before any route (it hears of routes as they are added); the document
 * and its reader are served once all are in.
 */
export async function collectOpenApi(app: FastifyInstance, version: string, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kiosk API',
        version,
        description:
          'Kiosk Pay and Kiosk Store. Errors are `{ code, error, details? }`; lists take `page` (from 1), `pageSize` and `starting_after` and answer `{ list, count }`; writes take an `Idempotency-Key` header.',
      },
      servers: [{ url: baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
}

export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { url: '/api/openapi.json' } });
  app.get('/api/openapi.json', { config: { access: ['public'] }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
