import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './http-errors.ts';

/** Paths that belong to the server; everything else is the single-page app's. */
const SERVER_PATHS = /^\/(api|metrics)(\/|$)/;

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(path);
}

/**
 * Serves the built web app and the embeddable checkout (`/embed/checkout.js`, for pages on the origins
 * of KIOSK_CORS_ORIGINS). Hashed files are cached for a year; index.html and the embed's entry are
 * revalidated each time so a deploy reaches users at once. Unknown page paths get index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Hashed files never change; the embed's entry keeps its name, so it is revalidated.
        const immutable = [join(webDir, 'assets'), join(webDir, 'embed', 'chunks')].some((dir) =>
          path.startsWith(dir),
        );
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDir }, 'web app not built: run `npm run build`; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(
      reply,
      new KioskError('ROUTE_NOT_FOUND', {
        params: { method: request.method, url: request.url.split('?')[0] ?? '' },
      }),
    );
  });
}
