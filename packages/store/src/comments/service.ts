import type { Comment, CommentThread, commentInput, commentListQuery } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { audienceOf, type Viewer } from '../apps/audience.ts';
import { appOnStoreFront, findApp } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import { flag, type AppRow, type StoreDb, type StoreTables } from '../tables.ts';
import { assertUnderLimit } from './rate-limit.ts';
import type { CommentRow } from './table.ts';
import { commentView, type CommentReader } from './view.ts';

/**
 * Comments (issue 24 item 5): a thread of one level of replies under each comment, the developer's
 * replies marked. A comment an admin hid is gone for everyone but its author and the admins: to the
 * others it does not exist (404), as a hidden app does not. The body is Markdown kept as text.
 */

const readerOf = (app: Pick<AppRow, 'developer_did'>, viewer: Viewer): CommentReader => ({
  did: viewer.did,
  admin: viewer.admin,
  developerDid: app.developer_did,
});

/** Keeps the comments `viewer` may see: all for the admins, else the shown ones and their own. */
function seenBy<O>(
  query: SelectQueryBuilder<StoreTables, 'store_comments', O>,
  viewer: Viewer,
): SelectQueryBuilder<StoreTables, 'store_comments', O> {
  if (viewer.admin) return query;
  return query.where((eb) =>
    eb.or([
      eb('hidden', '=', false),
      ...(viewer.did === undefined ? [] : [eb('author_did', '=', viewer.did)]),
    ]),
  );
}

const mayRead = (comment: CommentRow, viewer: Viewer) =>
  !flag(comment.hidden) || viewer.admin || comment.author_did === viewer.did;

/** The app's comments as `viewer` sees them, a page of threads, newest or most helpful first. */
export async function listComments(
  deps: StoreDeps,
  did: string,
  viewer: Viewer,
  query: z.infer<typeof commentListQuery>,
): Promise<{ list: CommentThread[]; count: number }> {
  const app = await findApp(deps.db, did);
  if (!app || audienceOf(app, viewer) === 'none') throw new KioskError('APP_NOT_FOUND', { status: 404 });
  const threads = seenBy(
    deps.db.selectFrom('store_comments').where('app_did', '=', did).where('parent_id', 'is', null),
    viewer,
  );
  const { count } = await threads.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  let ordered = threads.selectAll();
  if (query.sort === 'helpful') ordered = ordered.orderBy('helpful_count', 'desc');
  const rows = await ordered
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const ids = rows.map((row) => row.id);
  const replies = ids.length
    ? await seenBy(deps.db.selectFrom('store_comments').where('parent_id', 'in', ids), viewer)
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const helpful = await helpfulTo(deps.db, viewer, [...ids, ...replies.map((reply) => reply.id)]);
  const reader = readerOf(app, viewer);
  const view = (row: CommentRow) => commentView(row, reader, helpful.has(row.id));
  return {
    list: rows.map((row) => ({
      ...view(row),
      replies: replies.filter((reply) => reply.parent_id === row.id).map(view),
    })),
    count: Number(count),
  };
}

/** Which of `ids` the viewer marked helpful. */
async function helpfulTo(db: StoreDb, viewer: Viewer, ids: string[]): Promise<Set<string>> {
  if (viewer.did === undefined || ids.length === 0) return new Set();
  const votes = await db
    .selectFrom('store_comment_votes')
    .select('comment_id')
    .where('user_did', '=', viewer.did)
    .where('comment_id', 'in', ids)
    .execute();
  return new Set(votes.map((vote) => vote.comment_id));
}

/** Comments a comment or a reply, as the signed-in viewer (at most COMMENTS_PER_MINUTE a minute). */
export async function createComment(
  deps: StoreDeps,
  viewer: Viewer,
  did: string,
  input: z.infer<typeof commentInput>,
): Promise<Comment> {
  return transaction(deps.db, async (trx) => {
    const app = await appOnStoreFront(trx, did);
    if (input.parent_id !== undefined) {
      const parent = await findComment(trx, did, input.parent_id);
      if (!parent || !mayRead(parent, viewer)) throw new KioskError('COMMENT_NOT_FOUND', { status: 404 });
      if (parent.parent_id !== null) throw new KioskError('COMMENT_REPLY_TO_REPLY');
      if (flag(parent.hidden)) throw new KioskError('COMMENT_HIDDEN', { status: 409 });
    }
    const now = deps.clock.nowUnix();
    await assertUnderLimit(trx, 'comment', viewer.did!, now);
    const row = await deps.resources.comments.insert(
      trx,
      {
        id: newId('comment'),
        app_did: did,
        author_did: viewer.did!,
        parent_id: input.parent_id ?? null,
        body: input.body,
        hidden: false,
        hidden_reason: null,
        hidden_by: null,
        hidden_at: null,
        edited_at: null,
        helpful_count: 0,
        report_count: 0,
        reported_at: null,
        created_at: now,
        updated_at: now,
      },
      'comment.created',
    );
    return commentView(row, readerOf(app, viewer), false);
  });
}

export async function findComment(db: StoreDb, did: string, id: string): Promise<CommentRow | undefined> {
  return db
    .selectFrom('store_comments')
    .selectAll()
    .where('id', '=', id)
    .where('app_did', '=', did)
    .executeTakeFirst();
}

/**
 * The comment `id` of the app, as a viewer who may see both, or 404; with `own`, only its author may
 * go on (403 to the others who see it).
 */
export async function commentFor(
  db: StoreDb,
  viewer: Viewer,
  at: { did: string; id: string },
  own = false,
): Promise<{ app: AppRow; comment: CommentRow; reader: CommentReader }> {
  const app = await findApp(db, at.did);
  if (!app || audienceOf(app, viewer) === 'none') throw new KioskError('APP_NOT_FOUND', { status: 404 });
  const comment = await findComment(db, at.did, at.id);
  if (!comment || !mayRead(comment, viewer)) throw new KioskError('COMMENT_NOT_FOUND', { status: 404 });
  if (own && comment.author_did !== viewer.did) throw new KioskError('COMMENT_NOT_YOURS', { status: 403 });
  return { app, comment, reader: readerOf(app, viewer) };
}

/** The author rewrites their comment; it shows when it was edited. */
export async function editComment(
  deps: StoreDeps,
  viewer: Viewer,
  at: { did: string; id: string },
  body: string,
): Promise<Comment> {
  return transaction(deps.db, async (trx) => {
    const { comment, reader } = await commentFor(trx, viewer, at, true);
    if (comment.body === body) return commentView(comment, reader, await isHelpful(trx, viewer, comment));
    const now = deps.clock.nowUnix();
    const edited = await deps.resources.comments.update(
      trx,
      comment.id,
      { body, edited_at: now },
      'comment.updated',
    );
    return commentView(edited!, reader, await isHelpful(trx, viewer, comment));
  });
}

async function isHelpful(db: StoreDb, viewer: Viewer, comment: CommentRow): Promise<boolean> {
  return (await helpfulTo(db, viewer, [comment.id])).has(comment.id);
}

/** The author deletes their comment, and with it its replies, votes and reports. */
export async function deleteComment(
  deps: StoreDeps,
  viewer: Viewer,
  at: { did: string; id: string },
): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const { comment } = await commentFor(trx, viewer, at, true);
    const replies = await trx
      .selectFrom('store_comments')
      .select('id')
      .where('parent_id', '=', comment.id)
      .execute();
    const ids = [...replies.map((reply) => reply.id), comment.id];
    await trx.deleteFrom('store_comment_votes').where('comment_id', 'in', ids).execute();
    await trx.deleteFrom('store_comment_reports').where('comment_id', 'in', ids).execute();
    for (const id of ids) await deps.resources.comments.delete(trx, id, 'comment.deleted');
  });
}
