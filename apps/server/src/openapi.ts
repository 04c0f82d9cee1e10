import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from the code. */
export async function registerOpenApi(app: FastifyInstance, version: string, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kiosk API',
        version,
        description:
          'Kiosk Pay and Kiosk Store. Errors are `{ code, error, details? }`; lists take `page` and `pageSize` and answer `{ list, count }`.',
      },
      servers: [{ url: baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { url: '/api/openapi.json' } });
  app.get('/api/openapi.json', { config: { access: ['public'] }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
