import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { launchEntryOf } from '@kiosk/bundle';
import { storeCommerceRoutes, type AppLaunch } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { askFirst, transaction } from '@kiosk/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audienceOf, viewerOf, type Viewer } from '../apps/audience.ts';
import { findApp } from '../apps/service.ts';
import { issueReceipt } from '../commerce/receipts.ts';
import { assertMayDownload } from '../commerce/purchases.ts';
import type { StoreDeps } from '../context.ts';
import { contentTypeOf } from './content-types.ts';
import type { LaunchFiles } from './launch-files.ts';
import { LAUNCH_TOKEN_SECONDS, readLaunch, signLaunch, type LaunchGrant } from './launch-token.ts';

export interface LaunchOptions {
  /** `KIOSK_APPS_ORIGIN`: the origin web apps are served from; unset, nothing launches. */
  appsOrigin: string | undefined;
  files: LaunchFiles;
}

/** Where a launched app reads who launched it and their receipt (a reserved path of every launch). */
export const LAUNCH_INFO_PATH = '~kiosk/launch.json';

/**
 * Every answer of the apps origin. The page runs sandboxed (an opaque origin: no cookies, no
 * storage shared with other apps on this origin), loads only its own files and talks only to this
 * origin; its files answer any origin without credentials, as the sandboxed page is one (module
 * scripts and fetches are CORS requests from it), the token in the path being what grants them.
 */
const APP_HEADERS = {
  'content-security-policy': [
    'sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads',
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; '),
  'access-control-allow-origin': '*',
  // The sandboxed page's own loads are cross-origin ones (helmet's default would refuse them).
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'private, max-age=300',
};

/** Launch (issue 24 item 4): the store's route that opens an app, and the apps origin's files. */
export function registerLaunchRoutes(app: FastifyInstance, deps: StoreDeps, options: LaunchOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const appsHost = options.appsOrigin ? new URL(options.appsOrigin).host : undefined;

  const launch = storeCommerceRoutes['POST /api/apps/:did/launch'];
  r.post(
    launch.path,
    {
      // A repeat with the same Idempotency-Key (a double click) answers the same launch, counted once.
      config: { access: ['signedIn'] },
      schema: { tags: ['store'], summary: "Open a web app's page on the apps origin", ...launch.schema },
    },
    async (request): Promise<AppLaunch> => {
      if (!options.appsOrigin) throw new KioskError('LAUNCH_NOT_CONFIGURED', { status: 409 });
      const viewer = viewerOf(request.auth);
      // The bundle is unpacked from storage on a first launch: before the request's unit of work.
      const { version, entry } = await askFirst(async () => {
        const version = await launchableVersion(deps, request.params.did, viewer);
        // Known at upload: a bundle without its page is not unpacked to find out.
        if (version.launchable !== null && !Number(version.launchable))
          throw new KioskError('APP_NOT_LAUNCHABLE', { status: 409 });
        const folder = await options.files.folder(version.id, version.bundle_key);
        const entry = launchEntryOf(version.metadata);
        if (!(await isFile(join(folder, entry)))) throw new KioskError('APP_NOT_LAUNCHABLE', { status: 409 });
        return { version, entry };
      });
      const now = deps.clock.nowUnix();
      await transaction(deps.db, (trx) =>
        trx
          .insertInto('store_launches')
          .values({
            id: newId('launch'),
            app_did: request.params.did,
            version: version.version,
            user_did: viewer.did!,
            at: now,
          })
          .execute(),
      );
      const exp = now + LAUNCH_TOKEN_SECONDS;
      const token = await signLaunch(deps, {
        app: request.params.did,
        version: version.version,
        user: viewer.did!,
        exp,
      });
      return { object: 'app_launch', url: `${options.appsOrigin}/l/${token}/${entry}`, expires_at: exp };
    },
  );

  r.route({
    method: ['GET', 'HEAD'],
    // The token is longer than a route parameter may be (fastify's maxParamLength): read from the path.
    url: '/l/*',
    config: { access: ['public'] },
    schema: { hide: true },
    handler: async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      // Never from the store's own origin: there an app's script would be the store's.
      if (!appsHost || request.host !== appsHost) throw new KioskError('NOT_FOUND', { status: 404 });
      reply.headers(APP_HEADERS);
      const [token = '', ...steps] = request.params['*'].split('/');
      const path = steps.join('/');
      const grant = await readLaunch(deps, token);
      if (!grant) return gone(reply);
      if (path === LAUNCH_INFO_PATH)
        return reply.type('application/json').send(await launchInfo(deps, grant));
      const version = await versionRow(deps, grant.app, grant.version);
      if (!version) return gone(reply);
      const folder = await options.files.folder(version.id, version.bundle_key);
      const file = join(folder, path);
      const inside = relative(folder, file);
      if (!inside || inside.split(sep).includes('..') || !(await isFile(file)))
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      reply.type(contentTypeOf(file));
      return reply.send(request.method === 'HEAD' ? undefined : createReadStream(file));
    },
  });
}

/** An expired or forged launch: a page that says what to do, in both languages. */
function gone(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .send(
      'This launch has ended: open the app again from the store.\n此启动链接已失效：请从应用商店重新打开应用。\n',
    );
}

/** The version a viewer launches: the published one, or for its developer and admins the latest. */
async function launchableVersion(deps: StoreDeps, did: string, viewer: Viewer) {
  const app = await findApp(deps.db, did);
  const audience = app ? audienceOf(app, viewer) : 'none';
  const number =
    audience === 'owner' ? (app!.published_version ?? app!.latest_version) : app?.published_version;
  if (audience === 'none' || !number) throw new KioskError('APP_NOT_FOUND', { status: 404 });
  await assertMayDownload(deps, did, viewer);
  const version = await versionRow(deps, did, number);
  if (!version) throw new KioskError('APP_NOT_FOUND', { status: 404 });
  return version;
}

function versionRow(deps: StoreDeps, did: string, version: string) {
  return deps.db
    .selectFrom('store_app_versions')
    .select(['id', 'version', 'bundle_key', 'metadata', 'launchable'])
    .where('app_did', '=', did)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Who launched the app, and for a paid app their receipt, to check offline (docs/store.md "Receipts"). */
async function launchInfo(deps: StoreDeps, grant: LaunchGrant) {
  const receipt = await issueReceipt(deps, grant.app, { did: grant.user, admin: false }).catch((error) => {
    // A free app, or its developer's own launch, has no purchase to prove.
    if (error instanceof KioskError && error.code === 'PURCHASE_REQUIRED') return null;
    throw error;
  });
  return {
    object: 'app_launch_info',
    app: grant.app,
    version: grant.version,
    user: grant.user,
    expires_at: grant.exp,
    receipt,
  };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
