import type { FastifyInstance } from 'fastify';

/**
 * `Expect: 100-continue` (RFC 9110 §10.1.1): a client about to send a large body (the CLI's bundle
 * upload) asks first. Node answers "100 Continue" at once by default, before any route has looked at
 * the request, so a refusal (a token that may not publish the app) came while the body streamed, the
 * route closed the connection under it, and the client could see a broken pipe instead of the reason.
 * Here the request passes its onRequest hooks (who calls, and may they) first: a refusal is the final
 * answer and no body is sent; otherwise "100 Continue" goes out as the body is about to be read.
 */
export function registerExpectContinue(app: FastifyInstance): void {
  app.server.on('checkContinue', (request, response) => app.server.emit('request', request, response));
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (request.headers.expect?.toLowerCase() === '100-continue') reply.raw.writeContinue();
    done(null, payload);
  });
}
