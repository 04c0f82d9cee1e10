import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The API answers JSON: its pages get their CSP and frame rules where they are served (web.ts). */
const API_OPTIONS: HelmetOptions = { contentSecurityPolicy: false, frameguard: false };

/**
 * Helmet's headers as it would set them on a response. None of them depends on the request, so they
 * are decided once at start: building helmet's middleware for every request (what @fastify/helmet
 * does) was the largest cost of a request that does no work (issue 27 item 2).
 */
export function securityHeaders(options: HelmetOptions = API_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** Every answer starts with them; a route that sets one of its own (a launched app's page) wins. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
