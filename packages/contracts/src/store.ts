import { APP_VERSION_STATUSES, REVIEW_ACTIONS, REVIEW_TYPES } from '@kiosk/core';
import { z } from 'zod';
import { listOf, pageQuery, queryFlag } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Kiosk Store's apps and their versions (issue 12 items 1, 2 and 9; docs/store.md). An app is named
 * by its DID; a version by its app and its semver. Drafts and unpublished versions reach only their
 * developer and the admins: to anybody else they do not exist (404).
 */

export const APP_VISIBILITIES = ['public', 'private'] as const;
/** `relevance` ranks name and title matches of `q` first, then as `downloads`. */
export const APP_SORTS = ['relevance', 'downloads', 'newest', 'name'] as const;

export const appDidParam = z.object({ did: z.string().min(1).max(100) });

export const appVersionSchema = z.object({
  id: z.string(),
  object: z.literal('app_version'),
  app_did: z.string(),
  version: z.string(),
  /** The name the release was signed with. */
  name: z.string(),
  status: z.enum(APP_VERSION_STATUSES),
  /** Bytes of the bundle. */
  size: z.number(),
  /** `sha512-…` of the bundle's bytes, also the download's ETag. */
  integrity: z.string(),
  /** The app key's signature of the release (did, name, version, integrity): docs/store.md. */
  signature: z.string(),
  changelog: z.string().nullable(),
  /** kiosk.json as uploaded. */
  metadata: z.record(z.string(), z.unknown()),
  /** `/api/apps/{did}/{version}/{name}-{version}.tgz` */
  download_url: z.string(),
  /**
   * Its bundle holds the page a launch opens (kiosk.json's `main` page, else index.html): Launch is
   * offered. Null for a version uploaded before the store recorded this.
   */
  launchable: z.boolean().nullable(),
  /** When the version entered each status after `draft`. */
  status_transitions: z.record(z.string(), z.number()),
  published_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const appSchema = z.object({
  did: z.string(),
  object: z.literal('app'),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** A path inside the bundle of `version`. */
  logo: z.string().nullable(),
  screenshots: z.array(z.string()),
  category: z.string().nullable(),
  developer_did: z.string(),
  downloads: z.number(),
  /** The published version; null until one is. */
  version: z.string().nullable(),
  published_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type App = z.infer<typeof appSchema>;

/** What only the app's developer and the admins see of it. */
const ownerFields = z.object({
  visibility: z.enum(APP_VISIBILITIES),
  blocked: z.boolean(),
  /** Why the admins blocked it, shown to the developer. */
  block_reason: z.string().nullable(),
  auto_publish: z.boolean(),
  /** The developer's choice: the app's page takes donations while the store has them on. */
  accepts_donations: z.boolean(),
  /** The admins' review type for this app; null follows the store's setting. */
  review_type: z.enum(REVIEW_TYPES).nullable(),
  /** The highest version uploaded, and where it stands. */
  latest_version: z.string().nullable(),
  latest_status: z.enum(APP_VERSION_STATUSES).nullable(),
});

export const developerAppSchema = appSchema.extend(ownerFields.shape);
export type DeveloperApp = z.infer<typeof developerAppSchema>;

/**
 * An app with its versions: the published ones for everybody, every version for its developer and
 * the admins, who also get the owner fields.
 */
export const appDetailSchema = appSchema
  .extend(ownerFields.partial().shape)
  .extend({ versions: z.array(appVersionSchema) });
export type AppDetail = z.infer<typeof appDetailSchema>;

const appTitle = z.string().trim().min(1).max(60);
const appDescription = z.string().trim().min(1).max(2_000);

export const appUpdate = z.object({
  title: appTitle.optional(),
  description: appDescription.optional(),
  /** A category of the store's list, by name; null takes the app out of its category. */
  category: z.string().trim().min(1).max(40).nullable().optional(),
  visibility: z.enum(APP_VISIBILITIES).optional(),
  auto_publish: z.boolean().optional(),
  accepts_donations: z.boolean().optional(),
});

/** What happened on one UTC day (or, in `totals`, over the window). Amounts are in smallest units. */
const analyticsFigures = z.object({
  downloads: z.number(),
  launches: z.number(),
  /** Purchases paid (in the mode the store sells in). */
  purchases: z.number(),
  /** New ratings. */
  ratings: z.number(),
  /** What the purchases paid, per currency id. */
  sales: z.record(z.string(), z.string()),
  /** The viewer's share of it (the developer's of their app; the store's across the store), per currency id. */
  earnings: z.record(z.string(), z.string()),
});

/** Issue 24 item 6: per UTC day, oldest first, every day of the window present (0 when none). */
export const storeAnalyticsSchema = z.object({
  days: z.array(analyticsFigures.extend({ date: z.string() })),
  totals: analyticsFigures,
  /** How each currency in `sales` and `earnings` is written. */
  currencies: z.array(z.object({ id: z.string(), symbol: z.string(), decimal: z.number() })),
});
export type StoreAnalytics = z.infer<typeof storeAnalyticsSchema>;

export const appListQuery = pageQuery.omit({ starting_after: true }).extend({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().min(1).max(40).optional(),
  sort: z.enum(APP_SORTS).default('relevance'),
  /** Answer each app's score parts (docs/store.md "Search"), to see why it ranks where it does. */
  explain: queryFlag,
});

/** Each part of an app's search score, between 0 and 1, and their weighted sum. */
export const appScoreSchema = z.object({
  text: z.number(),
  popularity: z.number(),
  freshness: z.number(),
  exact_name: z.number(),
  /** The app's ratings as a Bayesian average, -1 to 1 around the prior (0 unrated). */
  rating: z.number(),
  total: z.number(),
});
export type AppScore = z.infer<typeof appScoreSchema>;
/** A store front result; `score` only when `explain` was asked for. */
export const appSearchResultSchema = appSchema.extend({ score: appScoreSchema.optional() });
export type AppSearchResult = z.infer<typeof appSearchResultSchema>;

/**
 * The release an upload carries, as query parameters beside the raw tarball (docs/store.md "Upload
 * protocol"). Their forms are the bundle checks' (RELEASE_MALFORMED), so a wrong one is told in the
 * developer's language like every other problem of the upload.
 */
export const releaseQuery = z.object({
  did: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(100),
  integrity: z.string().min(1).max(100),
  signature: z.string().min(1).max(200),
  /** Ask for review in the same request: the version starts `pending` instead of `draft`. */
  request_review: queryFlag,
});

/**
 * What the server hands the upload route for its body: the tarball received to a temp file, never
 * JSON (`Content-Type: application/gzip`). Its JSON is `{ size, integrity }`, what makes two uploads
 * the same upload for an Idempotency-Key.
 */
export interface ReceivedTarball {
  readonly file: string;
  readonly size: number;
  readonly integrity: string;
}

const isReceivedTarball = (value: unknown): value is ReceivedTarball =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ReceivedTarball).file === 'string' &&
  typeof (value as ReceivedTarball).size === 'number' &&
  typeof (value as ReceivedTarball).integrity === 'string';

/** A gzip tarball on the wire: raw bytes in a request body, or in a download's answer. */
export const tarballBytes = z
  .custom<ReceivedTarball>(isReceivedTarball, 'validation.tarballBody')
  .meta({ type: 'string', format: 'binary', description: 'A gzip tarball (application/gzip)' });

export const uploadAnswer = z.object({ app: developerAppSchema, version: appVersionSchema });

export const appRoutes = defineRoutes({
  'GET /api/apps': { querystring: appListQuery, response: { 200: listOf(appSearchResultSchema) } },
  'GET /api/apps/:did': { params: appDidParam, response: { 200: appDetailSchema } },
  'GET /api/developer/apps': {
    querystring: pageQuery.omit({ starting_after: true }),
    response: { 200: listOf(developerAppSchema) },
  },
  /** Issue 24 item 6 (and seed 001 §3's downloads): the app's last 30 days, one entry per UTC day. */
  'GET /api/developer/apps/:did/analytics': {
    params: appDidParam,
    response: { 200: storeAnalyticsSchema },
  },
  /** The same figures across the store, for its admins. */
  'GET /api/console/analytics': { response: { 200: storeAnalyticsSchema } },
  'PUT /api/developer/apps/:did': {
    params: appDidParam,
    body: appUpdate,
    response: { 200: developerAppSchema },
  },
});

export const appVersionRoutes = defineRoutes({
  'POST /api/developer/apps/upload': {
    querystring: releaseQuery,
    body: tarballBytes,
    response: { 201: uploadAnswer },
  },
  /**
   * The bundle (200, or 206 for a Range), or with `Accept: application/json` the version itself: its
   * signed release, to check the bytes against before installing them.
   */
  'GET /api/apps/:did/:version/:file.tgz': {
    params: appDidParam.extend({ version: z.string().min(1).max(100), file: z.string().min(1).max(300) }),
    response: { 200: appVersionSchema, 206: tarballBytes },
  },
});

/**
 * The review workflow over HTTP (issue 12 items 5 and 8; docs/store.md "The review workflow over
 * HTTP"). One route per side: the app's developer and the admins each post their own actions on a
 * version, so that each route's access is one role and its body lists only that role's actions.
 * Every action is a line of the version's thread, with its message.
 */
export const DEVELOPER_REVIEW_ACTIONS = ['requestReview', 'reply', 'cancelReview', 'publish'] as const;
export const ADMIN_REVIEW_ACTIONS = ['startReview', 'approve', 'reject', 'comment'] as const;
/** The statuses the admins' queue lists; without `status` it lists what waits on them (pending, inReview). */
export const REVIEW_QUEUE_STATUSES = ['pending', 'inReview', 'approved'] as const;

export const appVersionParam = appDidParam.extend({ version: z.string().min(1).max(100) });

/** A thread message: comments and replies need one; the other actions may carry one. */
const reviewMessage = z.string().trim().max(10_000).optional();

export const developerReviewAction = z.object({
  action: z.enum(DEVELOPER_REVIEW_ACTIONS),
  message: reviewMessage,
});

export const adminReviewAction = z
  .object({
    action: z.enum(ADMIN_REVIEW_ACTIONS),
    message: reviewMessage,
    /** With `approve` only: the app's review type from now on (the original's approve dialog). */
    review_type: z.enum(REVIEW_TYPES).optional(),
  })
  .refine((body) => body.review_type === undefined || body.action === 'approve', {
    path: ['review_type'],
    message: 'validation.reviewTypeOnApprove',
  });

/** One line of a version's review thread: an action of its developer or an admin, with its message. */
export const reviewEntrySchema = z.object({
  id: z.string(),
  object: z.literal('app_version_review'),
  app_did: z.string(),
  version_id: z.string(),
  version: z.string(),
  author_did: z.string(),
  author_role: z.enum(['developer', 'admin']),
  action: z.enum(REVIEW_ACTIONS),
  message: z.string().nullable(),
  created_at: z.number(),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/** The app and the version after the action, and the thread line it wrote. */
export const reviewActionAnswer = z.object({
  app: developerAppSchema,
  version: appVersionSchema,
  review: reviewEntrySchema,
});

/** A version in the admins' queue, with what they need to know of its app. */
export const reviewQueueItemSchema = appVersionSchema.extend({
  app: appSchema.pick({ did: true, name: true, title: true, logo: true, developer_did: true }),
});

export const reviewQueueQuery = pageQuery.omit({ starting_after: true }).extend({
  status: z.enum(REVIEW_QUEUE_STATUSES).optional(),
});

export const appReviewRoutes = defineRoutes({
  'POST /api/developer/apps/:did/versions/:version/review': {
    params: appVersionParam,
    body: developerReviewAction,
    response: { 200: reviewActionAnswer },
  },
  'GET /api/developer/apps/:did/versions/:version/thread': {
    params: appVersionParam,
    response: { 200: listOf(reviewEntrySchema) },
  },
  'POST /api/console/apps/:did/versions/:version/review': {
    params: appVersionParam,
    body: adminReviewAction,
    response: { 200: reviewActionAnswer },
  },
  'GET /api/console/reviews': {
    querystring: reviewQueueQuery,
    response: { 200: listOf(reviewQueueItemSchema) },
  },
});

/** The store's settings, the admins' to change (seed 001 §6: "manage … review type"). */
export const storeSettingsSchema = z.object({
  object: z.literal('store_settings'),
  /** Applies to every app the admins have not set one for. */
  review_type: z.enum(REVIEW_TYPES),
  /** The Kiosk Pay mode paid apps are sold in (test while a store tries its prices out). */
  sales_livemode: z.boolean(),
  /** The store's share of each sale in basis points (3000 = 30 %); the developer's is the rest. */
  store_share_bps: z.number().int(),
  /** Null while the defaults have never been changed. */
  updated_at: z.number().nullable(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const storeSettingsUpdate = z.object({
  review_type: z.enum(REVIEW_TYPES).optional(),
  sales_livemode: z.boolean().optional(),
  store_share_bps: z
    .number({ error: 'validation.storeShare' })
    .int('validation.storeShare')
    .min(0, 'validation.storeShare')
    .max(10_000, 'validation.storeShare')
    .optional(),
});

/** What the admins change of an app (blocking arrives with the rest of the admin console). */
export const consoleAppUpdate = z.object({
  /** The app's own review type; null follows the store's setting again. */
  review_type: z.enum(REVIEW_TYPES).nullable().optional(),
});

export const storeSettingsRoutes = defineRoutes({
  'GET /api/console/store-settings': { response: { 200: storeSettingsSchema } },
  'PUT /api/console/store-settings': { body: storeSettingsUpdate, response: { 200: storeSettingsSchema } },
  'PUT /api/console/apps/:did': {
    params: appDidParam,
    body: consoleAppUpdate,
    response: { 200: developerAppSchema },
  },
});
