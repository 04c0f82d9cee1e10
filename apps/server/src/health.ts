import { KioskError } from '@kiosk/core';
import { ping, type Database } from '@kiosk/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number(),
  database: z.object({ engine: z.enum(['sqlite', 'postgres']), latency_ms: z.number() }),
});

/** Liveness and readiness in one: answers 503 when the database does not answer. */
export function registerHealth(app: FastifyInstance, database: Database, version: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['system'],
        summary: 'Server and database health',
        response: { 200: healthResponse },
      },
    },
    async () => {
      const started = performance.now();
      try {
        await ping(database);
      } catch (error) {
        throw new KioskError('SERVICE_UNAVAILABLE', { cause: error });
      }
      return {
        status: 'ok' as const,
        version,
        uptime_seconds: Math.round(process.uptime()),
        database: {
          engine: database.engine,
          latency_ms: Math.round((performance.now() - started) * 100) / 100,
        },
      };
    },
  );
}
