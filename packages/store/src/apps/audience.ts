import type { Principal } from '@kiosk/identity';
import { flag, type AppRow, type VersionRow } from '../tables.ts';

/**
 * Who is looking: a signed-in user's DID and whether they are a store admin, or a developer's access
 * token, which sees as its developer within its scope (never as an admin, whatever its owner's roles).
 */
export interface Viewer {
  did: string | undefined;
  admin: boolean;
  /** A token's scope: `all` of its developer's apps, or one app's DID; none for a signed-in user. */
  scope?: string;
}

export function viewerOf(principal: Principal): Viewer {
  if (principal.kind === 'accessToken')
    return { did: principal.ownerDid, admin: false, scope: principal.scope };
  if (principal.kind !== 'user') return { did: undefined, admin: false };
  return { did: principal.did, admin: principal.roles.has('admin') || principal.roles.has('owner') };
}

/**
 * What a viewer may see of an app (issue 12 item 9): its developer and the admins see all of it,
 * drafts included; anybody else sees it only while it is on the store front (published, public and
 * not blocked), and then only its published versions. To anybody else a hidden app or version does
 * not exist: the routes answer 404, never 403, so its existence does not leak either.
 */
export type Audience = 'owner' | 'public' | 'none';

/** The fields of an app that decide who sees it. */
export type AppExposure = Pick<
  AppRow,
  'id' | 'developer_did' | 'visibility' | 'blocked' | 'published_version'
>;

export function audienceOf(app: AppExposure, viewer: Viewer): Audience {
  const inScope = viewer.scope === undefined || viewer.scope === 'all' || viewer.scope === app.id;
  if (viewer.admin || (viewer.did !== undefined && viewer.did === app.developer_did && inScope))
    return 'owner';
  return isOnStoreFront(app) ? 'public' : 'none';
}

export function isOnStoreFront(app: AppExposure): boolean {
  return app.published_version !== null && app.visibility === 'public' && !flag(app.blocked);
}

export function seesVersion(audience: Audience, version: Pick<VersionRow, 'status'>): boolean {
  return audience === 'owner' || (audience === 'public' && version.status === 'published');
}
