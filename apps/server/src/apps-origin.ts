import type { FastifyInstance } from 'fastify';

/**
 * The apps origin (KIOSK_APPS_ORIGIN) reaches this server too, on its own host: there it serves only
 * launched apps' files (`/l/…`, the store's launch routes), never the API or the store's pages, so an
 * app cannot call the store as its own origin. (The launch routes refuse the store's host in turn.)
 */
export function fenceAppsOrigin(app: FastifyInstance, appsOrigin: string | undefined): void {
  if (!appsOrigin) return;
  const appsHost = new URL(appsOrigin).host;
  app.addHook('onRequest', async (request, reply) => {
    if (request.host === appsHost && !request.url.startsWith('/l/'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
