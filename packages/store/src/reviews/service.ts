import type { AppVersion, DeveloperApp, ReviewEntry, reviewQueueItemSchema } from '@kiosk/contracts';
import {
  applyReviewAction,
  compareSemver,
  effectiveReviewType,
  KioskError,
  newId,
  parseSemver,
  REVIEW_ACTION_ACTOR,
  type AppVersionStatus,
  type ReviewAction,
  type ReviewType,
} from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import { assertDeveloperOf, findApp, getDeveloperApp } from '../apps/service.ts';
import type { Viewer } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import type { AppVersionEvent } from '../events.ts';
import { appJson } from '../apps/table.ts';
import { flag, type AppRow, type StoreDb, type VersionRow } from '../tables.ts';
import { versionJson } from '../versions/table.ts';
import { versionView } from '../versions/view.ts';
import { storeReviewType } from './settings.ts';
import { reviewEntryView } from './view.ts';

/**
 * The review workflow (issue 12 item 5; docs/store.md "The review workflow over HTTP"): the moves are
 * core's (`applyReviewAction`); this file makes them, each in one transaction holding the app, with
 * its event and its line in the version's thread.
 */

/** The event each action records on the version (all `app_version.*`, named after what happened). */
export const REVIEW_EVENTS: Record<ReviewAction, AppVersionEvent> = {
  requestReview: 'app_version.review_requested',
  startReview: 'app_version.review_started',
  reply: 'app_version.review_replied',
  comment: 'app_version.review_commented',
  approve: 'app_version.approved',
  reject: 'app_version.rejected',
  cancelReview: 'app_version.cancelled',
  publish: 'app_version.published',
};

/** Statuses in which a version has passed review (for "first approval only"). */
const PASSED_REVIEW: readonly AppVersionStatus[] = ['approved', 'published'];
/** Another version's review that a new request ends, as an upload asking for review does. */
const SUPERSEDED_BY_REQUEST: readonly AppVersionStatus[] = ['pending', 'inReview'];
/** What the admins' queue lists when no status is asked for: what waits on them. */
const AWAITING_ADMINS: readonly AppVersionStatus[] = ['pending', 'inReview'];

export interface ReviewActionInput {
  did: string;
  version: string;
  action: ReviewAction;
  message?: string | undefined;
  /** With `approve`: the app's review type from now on. */
  reviewType?: ReviewType | undefined;
}

export interface ReviewActionAnswer {
  app: DeveloperApp;
  version: AppVersion;
  review: ReviewEntry;
}

/** Who acts, in the role the route admitted them as. */
export interface Reviewer {
  did: string;
  role: 'developer' | 'admin';
}

/**
 * Takes a review action on a version: refuses one of the other side (403), another developer's app
 * (403), a blocked app's request or publish (403), a comment or reply without text (400) and a move
 * the workflow does not allow from the version's status (409, core's refusal code); otherwise moves
 * the version, writes the thread line and the events, and publishes the app's version when the
 * version is published (by hand, or by auto-publish right after approval).
 *
 * A repeat of a move already made finds the version moved and is refused without writing; with the
 * same Idempotency-Key it answers the first answer instead.
 */
export async function takeReviewAction(
  deps: StoreDeps,
  reviewer: Reviewer,
  input: ReviewActionInput,
): Promise<ReviewActionAnswer> {
  const { action } = input;
  if (REVIEW_ACTION_ACTOR[action] !== reviewer.role) throw new KioskError('FORBIDDEN', { status: 403 });
  const message = input.message?.trim() || null;
  if ((action === 'comment' || action === 'reply') && message === null)
    throw new KioskError('REVIEW_MESSAGE_REQUIRED', {
      details: [{ path: 'message', message: 'error.REVIEW_MESSAGE_REQUIRED' }],
    });

  return transaction(deps.db, async (trx) => {
    const app = await lockApp(trx, deps, input.did);
    if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    if (reviewer.role === 'developer') {
      assertDeveloperOf(app, reviewer.did);
      if (flag(app.blocked) && (action === 'requestReview' || action === 'publish'))
        throw new KioskError('APP_BLOCKED', { status: 403, params: { reason: app.block_reason ?? '' } });
    }
    const versions = await trx
      .selectFrom('store_app_versions')
      .selectAll()
      .where('app_did', '=', app.id)
      .execute();
    const version = versions.find((v) => v.version === input.version);
    if (!version) throw new KioskError('APP_VERSION_NOT_FOUND', { status: 404 });

    const context = {
      reviewType: effectiveReviewType(await storeReviewType(trx), app.review_type),
      hasApprovedVersion: versions.some((v) => v.id !== version.id && PASSED_REVIEW.includes(v.status)),
      autoPublish: flag(app.auto_publish),
    };
    const outcome = applyReviewAction(action, version.status, context);
    if (!outcome.ok)
      throw new KioskError(outcome.refusal, {
        status: 409,
        params: { action, status: version.status },
      });
    // The store front shows the highest published version: a lower one can no longer go out.
    const superseded = isBelowPublished(version.version, app.published_version);
    if (action === 'publish' && superseded)
      throw new KioskError('APP_VERSION_SUPERSEDED', {
        status: 409,
        params: { version: version.version, published: app.published_version! },
      });

    const now = deps.clock.nowUnix();
    const move = new VersionMoves(deps, trx, app, now);
    if (action === 'requestReview')
      for (const other of versions.filter(
        (v) => v.id !== version.id && SUPERSEDED_BY_REQUEST.includes(v.status),
      ))
        await move.make(other, 'cancelled', 'cancelReview', reviewer);

    let moved = version;
    let review;
    if (outcome.changed) {
      ({ version: moved, review } = await move.make(version, outcome.status, action, reviewer, message));
    } else {
      await deps.resources.versions.record(trx, version, REVIEW_EVENTS[action]);
      review = await move.writeThreadLine(version, action, reviewer, message);
    }
    if (action === 'approve' && input.reviewType !== undefined && input.reviewType !== app.review_type)
      await deps.resources.apps.update(trx, app.id, { review_type: input.reviewType }, 'app.updated');
    // Auto-publish after approval: the developer's switch publishes in their name.
    if (outcome.then === 'published' && !superseded)
      ({ version: moved } = await move.make(moved, 'published', 'publish', {
        did: app.developer_did,
        role: 'developer',
      }));
    // Only the move to published changes the store front; a comment on a published version does not.
    if (moved.status === 'published' && version.status !== 'published')
      await publishOnApp(deps, trx, app, moved, now);

    return {
      app: await getDeveloperApp(trx, app.id),
      version: versionView(moved),
      review: reviewEntryView(review, version.version),
    };
  });
}

/** The moves of one action on an app's versions, each with its event and its thread line. */
class VersionMoves {
  constructor(
    private readonly deps: StoreDeps,
    private readonly trx: StoreDb,
    private readonly app: AppRow,
    private readonly now: number,
  ) {}

  async make(
    version: VersionRow,
    to: AppVersionStatus,
    action: ReviewAction,
    reviewer: Reviewer,
    message: string | null = null,
  ) {
    const transitions = {
      ...versionJson.status_transitions.read(version.status_transitions),
      [to]: this.now,
    };
    const moved = await this.deps.resources.versions.transition(this.trx, version.id, version.status, to, {
      type: REVIEW_EVENTS[action],
      set: {
        status_transitions: versionJson.status_transitions.write(transitions),
        ...(to === 'published' ? { published_at: this.now } : {}),
      },
    });
    // The app's row is held, and every move of its versions holds it first: nothing moved it since.
    if (!moved) throw new Error(`app version ${version.id} left ${version.status} while its app was held`);
    return { version: moved, review: await this.writeThreadLine(moved, action, reviewer, message) };
  }

  async writeThreadLine(
    version: VersionRow,
    action: ReviewAction,
    reviewer: Reviewer,
    message: string | null,
  ) {
    return this.trx
      .insertInto('store_reviews')
      .values({
        id: newId('review'),
        app_did: this.app.id,
        version_id: version.id,
        author_did: reviewer.did,
        author_role: reviewer.role,
        action,
        body: message,
        created_at: this.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/** The store front now shows `version`: its name, logo and screenshots are the bundle's. */
async function publishOnApp(deps: StoreDeps, trx: StoreDb, app: AppRow, version: VersionRow, now: number) {
  const metadata = versionJson.metadata.read(version.metadata);
  await deps.resources.apps.update(
    trx,
    app.id,
    {
      name: version.name,
      logo: metadata.logo ?? null,
      screenshots: appJson.screenshots.write(metadata.screenshots ?? []),
      published_version: version.version,
      published_at: now,
    },
    'app.updated',
  );
}

function isBelowPublished(version: string, published: string | null): boolean {
  if (published === null) return false;
  const [mine, shown] = [parseSemver(version), parseSemver(published)];
  return mine !== undefined && shown !== undefined && compareSemver(mine, shown) <= 0;
}

/** The app's row, held until the transaction ends (as an upload holds it: versions/service.ts). */
async function lockApp(trx: StoreDb, deps: StoreDeps, did: string): Promise<AppRow | undefined> {
  const query = trx.selectFrom('store_apps').selectAll().where('id', '=', did);
  return (deps.engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A version's thread, oldest first, for its developer and the admins. */
export async function getThread(
  deps: StoreDeps,
  at: { did: string; version: string },
  viewer: Viewer,
): Promise<{ list: ReviewEntry[]; count: number }> {
  const app = await findApp(deps.db, at.did);
  if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
  if (!viewer.admin) assertDeveloperOf(app, viewer.did ?? '');
  const version = await deps.db
    .selectFrom('store_app_versions')
    .select('id')
    .where('app_did', '=', app.id)
    .where('version', '=', at.version)
    .executeTakeFirst();
  if (!version) throw new KioskError('APP_VERSION_NOT_FOUND', { status: 404 });
  const rows = await deps.db
    .selectFrom('store_reviews')
    .selectAll()
    .where('version_id', '=', version.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { list: rows.map((row) => reviewEntryView(row, at.version)), count: rows.length };
}

type QueueItem = z.infer<typeof reviewQueueItemSchema>;

/**
 * The admins' queue: versions in `status` (pending and inReview when not given), those waiting
 * longest first (a version's `updated_at` is when it entered its status: thread lines do not touch it).
 */
export async function listReviewQueue(
  deps: StoreDeps,
  filter: { status?: 'pending' | 'inReview' | 'approved' | undefined; page: number; pageSize: number },
): Promise<{ list: QueueItem[]; count: number }> {
  const statuses = filter.status ? [filter.status] : AWAITING_ADMINS;
  const query = deps.db
    .selectFrom('store_app_versions as v')
    .innerJoin('store_apps as a', 'a.id', 'v.app_did')
    .where('v.status', 'in', statuses);
  const total = await query.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll('v')
    .select([
      'a.name as app_name',
      'a.title as app_title',
      'a.logo as app_logo',
      'a.developer_did as app_developer_did',
    ])
    .orderBy('v.updated_at')
    .orderBy('v.id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return {
    list: rows.map(({ app_name, app_title, app_logo, app_developer_did, ...version }) => ({
      ...versionView(version),
      app: {
        did: version.app_did,
        name: app_name,
        title: app_title,
        logo: app_logo,
        developer_did: app_developer_did,
      },
    })),
    count: Number(total.count),
  };
}

/** The admins set an app's own review type, or give it back to the store's setting (null). */
export async function setAppReviewType(
  deps: StoreDeps,
  did: string,
  reviewType: ReviewType | null | undefined,
): Promise<DeveloperApp> {
  return transaction(deps.db, async (trx) => {
    const app = await lockApp(trx, deps, did);
    if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    if (reviewType !== undefined && reviewType !== app.review_type)
      await deps.resources.apps.update(trx, did, { review_type: reviewType }, 'app.updated');
    return getDeveloperApp(trx, did);
  });
}
