import {
  checkReceivedRelease,
  checkRelease,
  type BundleMetadata,
  type BundleProblem,
  type ReleaseCheck,
  type SignedRelease,
} from '@kiosk/bundle';
import type { AppVersion, DeveloperApp, ReceivedTarball } from '@kiosk/contracts';
import {
  applyReviewAction,
  effectiveReviewType,
  KioskError,
  newId,
  statusAfterUpload,
  type AppVersionStatus,
} from '@kiosk/core';
import { outsideUnitOfWork, transaction } from '@kiosk/db';
import { sql } from 'kysely';
import { assertDeveloperOf, findCategoryId, getDeveloperApp } from '../apps/service.ts';
import { audienceOf, seesVersion, type Viewer } from '../apps/audience.ts';
import { storeReviewType } from '../reviews/settings.ts';
import type { StoreDeps } from '../context.ts';
import { bundleKey, putBundleFile } from '../storage/bundle-storage.ts';
import { appJson } from '../apps/table.ts';
import { flag, type AppRow, type StoreDb, type VersionRow } from '../tables.ts';
import { Tarball } from './receive-tarball.ts';
import { versionJson } from './table.ts';
import { storeRuleProblems, uploadProblems } from './upload-problems.ts';
import { bundleFileName, versionView } from './view.ts';

/**
 * Publishing a version (issue 12 items 1 and 6), in two steps so that the slow part holds no
 * database connection: `checkTarball` runs every check of the bytes themselves (size, integrity,
 * signature, archive, kiosk.json, images, secrets: seconds for a large bundle) before the request's
 * unit of work starts; `publishUpload` then judges it with the store's data, stores, and writes.
 */

/**
 * The checks that need no database. The same bytes and release always give the same answer. A
 * tarball the route received was hashed and inspected as it arrived: nothing is read again.
 */
export function checkTarball(
  deps: StoreDeps,
  tarball: ReceivedTarball,
  release: SignedRelease,
): Promise<ReleaseCheck> {
  const maxBytes = deps.maxBundleBytes;
  if (tarball instanceof Tarball) return checkReceivedRelease({ received: tarball, release, maxBytes });
  return checkRelease({ file: tarball.file, release, maxBytes });
}

export interface UploadInput {
  developerDid: string;
  release: SignedRelease;
  tarball: ReceivedTarball;
  /** `checkTarball`'s answer for this tarball and release. */
  checked: ReleaseCheck;
  requestReview: boolean;
}

export type UploadOutcome =
  { ok: true; app: DeveloperApp; version: AppVersion } | { ok: false; problems: BundleProblem[] };

/** Statuses in which a version has passed review (for "first approval only"). */
const PASSED_REVIEW: readonly AppVersionStatus[] = ['approved', 'published'];
/** A newer version's review request ends these (the review machine in core). */
const SUPERSEDED_BY_REVIEW: readonly AppVersionStatus[] = ['pending', 'inReview'];

/**
 * Creates the version of a checked upload: the app too on its first upload (its developer is the
 * caller, its id the release's DID). Refuses another developer's app (403) and a blocked one (403);
 * answers every problem of the upload as a value, having written nothing; otherwise stores the
 * bundle and makes the version a draft, `pending` when review was asked for, or `published` when it
 * needs no review and the app publishes automatically.
 *
 * Storage is outside I/O, so it never runs inside the transaction (a 20 MB copy would hold SQLite's
 * one connection, or PostgreSQL's lock on the app): the upload is judged first without locks, its
 * bundle stored under a key of its own, and then one transaction that holds the app (its row, or its
 * new row's key) judges it again and writes, so two uploads of one app are decided one after the
 * other. A bundle that no committed version names is removed again.
 */
export async function publishUpload(deps: StoreDeps, input: UploadInput): Promise<UploadOutcome> {
  // Its own unit of work, not the request's: the bundle is stored between the judging reads and the
  // transaction, and removed after a refusal, so no storage call ever waits inside a transaction.
  return outsideUnitOfWork(async () => {
    const { release } = input;
    const asked = await judgeUpload(deps.db, input, await findApp(deps.db, release.did));
    if ('refusal' in asked) return asked.refusal;

    const id = newId('appVersion');
    // A key per upload: racing uploads of one version never share (or remove) each other's bytes.
    const key = bundleKey({ did: release.did, version: release.version, name: release.name, upload: id });
    await putBundleFile(deps.storage, key, input.tarball.file, {
      size: input.tarball.size,
      contentType: 'application/gzip',
      integrity: input.tarball.integrity,
    });
    let outcome: UploadOutcome;
    try {
      outcome = await transaction(deps.db, (trx) => writeUpload(trx, deps, input, { id, key }));
    } catch (error) {
      await deps.storage.delete(key);
      // Another upload of this app, or of an app with this name, committed between our reads and our
      // writes (PostgreSQL runs them side by side): uploading again shows which rule it now breaks.
      if (isUniqueViolation(error)) throw new KioskError('UPLOAD_CONFLICT', { status: 409, cause: error });
      throw error;
    }
    if (!outcome.ok) await deps.storage.delete(key);
    return outcome;
  });
}

/** The transaction of an upload: it holds the app, judges the upload again and writes the version. */
async function writeUpload(
  trx: StoreDb,
  deps: StoreDeps,
  input: UploadInput,
  { id, key }: { id: string; key: string },
): Promise<UploadOutcome> {
  const { release, developerDid } = input;
  const app = await lockApp(trx, deps, release.did);
  const judged = await judgeUpload(trx, input, app);
  if ('refusal' in judged) return judged.refusal;
  const { earlier, metadata } = judged;
  const status = await statusOfUpload(trx, input, app, earlier);
  const now = deps.clock.nowUnix();
  const published = status === 'published';
  const shown = {
    name: release.name,
    logo: metadata.logo,
    screenshots: appJson.screenshots.write(metadata.screenshots ?? []),
  };
  if (!app) await insertApp(trx, deps, input, metadata, { ...shown, now });
  const version = await insertVersion(trx, deps, input, metadata, { id, key, status, now });
  let answer = version;
  if (published) await deps.resources.versions.record(trx, version, 'app_version.published');
  if (input.requestReview) {
    for (const other of earlier.filter((v) => SUPERSEDED_BY_REVIEW.includes(v.status)))
      await moveInReview(deps, trx, other, 'cancelled', 'cancelReview', developerDid, now);
    answer = await moveInReview(deps, trx, version, 'pending', 'requestReview', developerDid, now);
  }
  if (app)
    await deps.resources.apps.update(
      trx,
      app.id,
      {
        latest_version: release.version,
        ...(published ? { ...shown, published_version: release.version, published_at: now } : {}),
      },
      'app.updated',
    );
  return { ok: true, app: await getDeveloperApp(trx, release.did), version: versionView(answer) };
}

/**
 * Whether the store takes this upload for `app` (its row as read, or undefined on a first upload):
 * another developer's or a blocked app throws; the upload's problems are its refusal.
 */
async function judgeUpload(
  db: StoreDb,
  input: UploadInput,
  app: AppRow | undefined,
): Promise<{ earlier: EarlierVersion[]; metadata: BundleMetadata } | { refusal: UploadOutcome }> {
  if (app) {
    assertDeveloperOf(app, input.developerDid);
    if (flag(app.blocked))
      throw new KioskError('APP_BLOCKED', { status: 403, params: { reason: app.block_reason ?? '' } });
  }
  const { earlier, problems } = await readUploadProblems(db, input);
  if (problems.length > 0 || !input.checked.ok) return { refusal: { ok: false, problems } };
  return { earlier, metadata: input.checked.metadata };
}

const findApp = (db: StoreDb, did: string): Promise<AppRow | undefined> =>
  db.selectFrom('store_apps').selectAll().where('id', '=', did).executeTakeFirst();

type EarlierVersion = Pick<VersionRow, 'id' | 'version' | 'status' | 'status_transitions'>;

/** The app's versions so far, and every problem of the upload once the store's rules are read in. */
async function readUploadProblems(
  trx: StoreDb,
  { release, checked }: UploadInput,
): Promise<{ earlier: EarlierVersion[]; problems: BundleProblem[] }> {
  const otherNames = (
    await trx.selectFrom('store_apps').select('name').where('id', '!=', release.did).execute()
  ).map((row) => row.name);
  const earlier = await trx
    .selectFrom('store_app_versions')
    .select(['id', 'version', 'status', 'status_transitions'])
    .where('app_did', '=', release.did)
    .execute();
  const problems = uploadProblems(
    checked,
    storeRuleProblems(
      release,
      otherNames,
      earlier.map((v) => v.version),
    ),
  );
  return { earlier, problems };
}

/**
 * The new version's status: a draft when review is asked for (refused where the review machine
 * refuses the request), else what the store's review type makes of an upload.
 */
async function statusOfUpload(
  trx: StoreDb,
  input: UploadInput,
  app: AppRow | undefined,
  earlier: EarlierVersion[],
): Promise<AppVersionStatus> {
  const review = {
    reviewType: effectiveReviewType(await storeReviewType(trx), app?.review_type),
    hasApprovedVersion: earlier.some((v) => PASSED_REVIEW.includes(v.status)),
    autoPublish: app ? flag(app.auto_publish) : false,
  };
  if (input.requestReview) {
    const asked = applyReviewAction('requestReview', 'draft', review);
    if (!asked.ok) throw new KioskError(asked.refusal);
  }
  return input.requestReview
    ? 'draft'
    : statusAfterUpload(review.reviewType, review.hasApprovedVersion, review.autoPublish);
}

/** A first upload's app: its id the release's DID, its developer the caller. */
async function insertApp(
  trx: StoreDb,
  deps: StoreDeps,
  { release, developerDid }: UploadInput,
  metadata: BundleMetadata,
  { now, ...shown }: Pick<AppRow, 'name' | 'logo' | 'screenshots'> & { now: number },
): Promise<void> {
  await deps.resources.apps.insert(
    trx,
    {
      id: release.did,
      ...shown,
      title: metadata.title,
      description: metadata.description,
      category_id: metadata.category ? ((await findCategoryId(trx, metadata.category)) ?? null) : null,
      developer_did: developerDid,
      visibility: 'public',
      blocked: false,
      block_reason: null,
      auto_publish: false,
      review_type: null,
      downloads: 0,
      latest_version: release.version,
      published_version: null,
      published_at: null,
      accepts_donations: false,
      created_at: now,
      updated_at: now,
    },
    'app.created',
  );
}

/** The uploaded version's row, published at once when its status says so. */
async function insertVersion(
  trx: StoreDb,
  deps: StoreDeps,
  { release, tarball, developerDid, checked }: UploadInput,
  metadata: BundleMetadata,
  { id, key, status, now }: { id: string; key: string; status: AppVersionStatus; now: number },
): Promise<VersionRow> {
  const published = status === 'published';
  return deps.resources.versions.insert(
    trx,
    {
      id,
      app_did: release.did,
      version: release.version,
      status,
      name: release.name,
      integrity: release.integrity,
      signature: release.signature,
      size: tarball.size,
      bundle_key: key,
      metadata: versionJson.metadata.write(metadata),
      changelog: metadata.changelog ?? null,
      uploaded_by: developerDid,
      status_transitions: versionJson.status_transitions.write(published ? { published: now } : {}),
      published_at: published ? now : null,
      launchable: checked.ok && checked.launchable ? 1 : 0,
      created_at: now,
      updated_at: now,
    },
    'app_version.created',
  );
}

/**
 * The app's row, held until the transaction ends: PostgreSQL locks it (`for update`); SQLite runs
 * one writing transaction at a time anyway. A first upload holds its app by inserting it: a second
 * insert of the same DID waits for the first transaction and then fails on the key.
 */
async function lockApp(trx: StoreDb, deps: StoreDeps, did: string): Promise<AppRow | undefined> {
  const query = trx.selectFrom('store_apps').selectAll().where('id', '=', did);
  return (deps.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A review-machine move made by the upload, with its event and its line in the version's thread. */
async function moveInReview(
  deps: StoreDeps,
  trx: StoreDb,
  version: Pick<VersionRow, 'id' | 'status' | 'status_transitions'>,
  to: 'pending' | 'cancelled',
  action: 'requestReview' | 'cancelReview',
  developerDid: string,
  now: number,
): Promise<VersionRow> {
  const transitions = { ...versionJson.status_transitions.read(version.status_transitions), [to]: now };
  const moved = await deps.resources.versions.transition(trx, version.id, version.status, to, {
    type: to === 'pending' ? 'app_version.review_requested' : 'app_version.cancelled',
    set: { status_transitions: versionJson.status_transitions.write(transitions) },
  });
  if (!moved) throw new Error(`app version ${version.id} left ${version.status} while its app was held`);
  await trx
    .insertInto('store_reviews')
    .values({
      id: newId('review'),
      app_did: moved.app_did,
      version_id: moved.id,
      author_did: developerDid,
      author_role: 'developer',
      action,
      body: null,
      created_at: now,
    })
    .execute();
  return moved;
}

/** A unique index refused a row (SQLite and PostgreSQL say it their own way). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The version a download URL names, when `viewer` may have it: its developer and the admins any
 * version, anybody else only a published version of an app on the store front. The file name must
 * be the one the version's URL gives.
 */
export async function findDownload(
  deps: StoreDeps,
  at: { did: string; version: string; file: string },
  viewer: Viewer,
): Promise<VersionRow | undefined> {
  const row = await deps.db
    .selectFrom('store_app_versions as v')
    .innerJoin('store_apps as a', 'a.id', 'v.app_did')
    .selectAll('v')
    .select(['a.developer_did', 'a.visibility', 'a.blocked', 'a.published_version'])
    .where('v.app_did', '=', at.did)
    .where('v.version', '=', at.version)
    .executeTakeFirst();
  if (!row) return undefined;
  const { developer_did, visibility, blocked, published_version, ...version } = row;
  const exposure = { id: at.did, developer_did, visibility, blocked, published_version };
  const audience = audienceOf(exposure, viewer);
  if (!seesVersion(audience, version) || at.file !== bundleFileName(version)) return undefined;
  return version;
}

/**
 * Counts a download of a published version: a row (for the console's last 30 days) and the app's
 * total. A developer or admin fetching an unpublished version is checking it, not a user
 * downloading it, so it is not counted. No event: a download changes no object's state, and an
 * event per download would drown the ones that do.
 */
export async function countDownload(
  deps: StoreDeps,
  version: Pick<VersionRow, 'app_did' | 'version' | 'status'>,
  downloaderDid: string | undefined,
): Promise<void> {
  if (version.status !== 'published') return;
  await transaction(deps.db, async (trx) => {
    await trx
      .insertInto('store_downloads')
      .values({
        id: newId('download'),
        app_did: version.app_did,
        version: version.version,
        downloader_did: downloaderDid ?? null,
        at: deps.clock.nowUnix(),
      })
      .execute();
    await trx
      .updateTable('store_apps')
      .set({ downloads: sql`downloads + 1` })
      .where('id', '=', version.app_did)
      .execute();
  });
}
