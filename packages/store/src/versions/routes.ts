import { appVersionRoutes, appVersionSchema, tarballBytes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { checkAccessTokenGrant } from '@kiosk/identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import { describeBundleProblem, type ReleaseCheck } from '@kiosk/bundle';
import type { StoreDeps } from '../context.ts';
import { sendBundle } from '../storage/send-bundle.ts';
import { discardTarball, receiveTarball, refuseDeclaredTooLarge } from './receive-tarball.ts';
import { checkTarball, countDownload, findDownload, publishUpload } from './service.ts';
import { versionView } from './view.ts';
import { assertMayDownload } from '../commerce/purchases.ts';

/** The bundle's media type, for uploads and downloads alike. */
const GZIP = 'application/gzip';

/** A client that asks for JSON (and not for the bytes) gets the version: its signed release. */
function wantsVersion(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\bapplication\/json\b/.test(accept) && !/\bapplication\/(gzip|octet-stream)\b/.test(accept);
}

export function registerVersionRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The upload protocol (docs/store.md): the tarball is the raw body, streamed to disk as it comes.
  app.addContentTypeParser(GZIP, (request, payload, done) => {
    receiveTarball(request.raw, payload, { dir: deps.uploadDir, maxBytes: deps.maxBundleBytes }).then(
      (tarball) => done(null, tarball),
      (error: Error) => done(error, undefined),
    );
  });

  /** The bytes' own checks, made before the request's unit of work holds a database connection. */
  const checked = new WeakMap<FastifyRequest, ReleaseCheck>();
  const upload = appVersionRoutes['POST /api/developer/apps/upload'];
  r.post(
    upload.path,
    {
      // A signed-in developer, or the CLI with a developer's access token that may publish this app.
      config: { access: ['developer', 'accessToken'] },
      schema: {
        tags: ['store'],
        summary:
          "Upload a version: the tarball as the body (application/gzip), its release signed by the app's key in the query",
        consumes: [GZIP],
        ...upload.schema,
      },
      // Before the body (and before a client that asks first is told to send it): a token that may
      // not publish this app, or a body declared too large, never has its tarball received. The query
      // is not validated yet, so what this cannot vouch for is refused: a read-only token whatever the
      // query, and a token of one app unless the query names that app, once (a DID given twice or
      // not at all names no app: issue 21 item 16).
      onRequest: async (request) => {
        const did = (request.query as { did?: unknown }).did;
        checkAccessTokenGrant(request.auth, typeof did === 'string' ? did : '', 'publish');
        refuseDeclaredTooLarge(request.raw, deps.maxBundleBytes);
      },
      preHandler: async (request) => {
        const { request_review: _asked, ...release } = request.query;
        checked.set(request, await checkTarball(deps, request.body, release));
      },
      // A refused body may still be arriving: the connection closes after the answer rather than
      // reading the rest.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 413 || reply.statusCode === 403) reply.header('connection', 'close');
        return payload;
      },
      onResponse: async (request) => discardTarball(request.body),
      onRequestAbort: async (request) => discardTarball(request.body),
    },
    async (request, reply) => {
      const { request_review, ...release } = request.query;
      const outcome = await publishUpload(deps, {
        developerDid:
          request.auth.kind === 'accessToken' ? request.auth.ownerDid : viewerOf(request.auth).did!,
        release,
        tarball: request.body,
        checked: checked.get(request)!,
        requestReview: request_review,
      });
      if (!outcome.ok)
        throw new KioskError('BUNDLE_REFUSED', {
          details: outcome.problems.map((p) => ({
            path: p.code,
            message: describeBundleProblem(request.locale, p),
          })),
        });
      reply.status(201);
      return { app: outcome.app, version: outcome.version };
    },
  );

  const download = appVersionRoutes['GET /api/apps/:did/:version/:file.tgz'];
  const downloadHandler = bundleDownload(deps);
  r.route({
    method: 'GET',
    url: download.path,
    // Its HEAD is registered below: fastify's own would answer a Content-Length of 0.
    exposeHeadRoute: false,
    config: { access: ['public'] },
    schema: {
      tags: ['store'],
      summary:
        'Download a version (resumable with Range), or with Accept: application/json the version and its signed release',
      params: download.schema.params,
      response: {
        200: {
          content: {
            [GZIP]: { schema: tarballBytes },
            'application/json': { schema: appVersionSchema },
          },
        },
        206: { content: { [GZIP]: { schema: tarballBytes } } },
      },
    },
    handler: downloadHandler,
  });
  // The GET's headers without its body; a copy of the GET, so the API document leaves it out.
  r.route({
    method: 'HEAD',
    url: download.path,
    config: { access: ['public'] },
    schema: { hide: true, params: download.schema.params },
    handler: downloadHandler,
  });
}

/** A version's bundle (resumable), or with Accept: application/json the version itself. */
function bundleDownload(deps: StoreDeps) {
  return async (
    request: FastifyRequest<{ Params: { did: string; version: string; file: string } }>,
    reply: FastifyReply,
  ) => {
    const viewer = viewerOf(request.auth);
    const version = await findDownload(deps, request.params, viewer);
    if (!version) throw new KioskError('APP_VERSION_NOT_FOUND', { status: 404 });
    reply.header('vary', 'Accept');
    if (wantsVersion(request)) return reply.type('application/json').send(versionView(version));
    await assertMayDownload(deps, request.params.did, viewer);
    return sendBundle(request, reply, {
      storage: deps.storage,
      key: version.bundle_key,
      integrity: version.integrity,
      onCounted: () => countDownload(deps, version, viewer.did),
    });
  };
}
