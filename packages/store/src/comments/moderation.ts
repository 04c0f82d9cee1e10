import type { Comment, CommentReport, commentReportInput, ReportedComment } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Viewer } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { flag } from '../tables.ts';
import { assertUnderLimit } from './rate-limit.ts';
import { commentFor } from './service.ts';
import { commentReportView, commentView } from './view.ts';

/**
 * Abuse reports and the admins' moderation (issue 24 item 5): anybody signed in reports a comment
 * once; the admins list what was reported and hide a comment with a reason its author reads.
 */

/** Reports a comment of somebody else's, once (409 on a second report), at most REPORTS_PER_MINUTE a minute. */
export async function reportComment(
  deps: StoreDeps,
  viewer: Viewer,
  at: { did: string; id: string },
  input: z.infer<typeof commentReportInput>,
): Promise<CommentReport> {
  return transaction(deps.db, async (trx) => {
    const { comment } = await commentFor(trx, viewer, at);
    const reporterDid = viewer.did!;
    if (comment.author_did === reporterDid) throw new KioskError('COMMENT_REPORT_OWN');
    const now = deps.clock.nowUnix();
    await assertUnderLimit(trx, 'report', reporterDid, now);
    const report = await trx
      .insertInto('store_comment_reports')
      .values({
        id: newId('commentReport'),
        comment_id: comment.id,
        app_did: comment.app_did,
        reporter_did: reporterDid,
        reason: input.reason,
        note: input.note || null,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['comment_id', 'reporter_did']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!report) throw new KioskError('COMMENT_ALREADY_REPORTED', { status: 409 });
    await deps.resources.comments.update(
      trx,
      comment.id,
      { report_count: sql<number>`report_count + 1` as unknown as number, reported_at: now },
      'comment.reported',
    );
    return commentReportView(report);
  });
}

/** Reported comments not hidden yet, the most recently reported first, with their reports. */
export async function listReportedComments(
  deps: StoreDeps,
  admin: Viewer,
  page: { page: number; pageSize: number },
): Promise<{ list: ReportedComment[]; count: number }> {
  const reported = deps.db
    .selectFrom('store_comments as c')
    .where('c.reported_at', 'is not', null)
    .where('c.hidden', '=', false);
  const { count } = await reported.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  const rows = await reported
    .innerJoin('store_apps as a', 'a.id', 'c.app_did')
    .selectAll('c')
    .select('a.developer_did')
    .orderBy('c.reported_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
  const reports = rows.length
    ? await deps.db
        .selectFrom('store_comment_reports')
        .selectAll()
        .where(
          'comment_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('created_at', 'desc')
        .execute()
    : [];
  return {
    list: rows.map(({ developer_did, ...row }) => ({
      ...commentView(row, { did: admin.did, admin: true, developerDid: developer_did }, false),
      report_count: Number(row.report_count),
      reported_at: Number(row.reported_at),
      reports: reports.filter((report) => report.comment_id === row.id).map(commentReportView),
    })),
    count: Number(count),
  };
}

/**
 * An admin hides a comment with a reason (its replies leave with it for the others) or shows it
 * again. Hiding with the same reason twice changes nothing.
 */
export async function moderateComment(
  deps: StoreDeps,
  admin: Viewer,
  id: string,
  input: { hidden: boolean; reason?: string | undefined },
): Promise<Comment> {
  return transaction(deps.db, async (trx) => {
    const found = await trx
      .selectFrom('store_comments')
      .select('app_did')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw new KioskError('COMMENT_NOT_FOUND', { status: 404 });
    const { comment, reader } = await commentFor(trx, admin, { did: found.app_did, id });
    const reason = input.hidden ? input.reason! : null;
    if (flag(comment.hidden) === input.hidden && comment.hidden_reason === reason)
      return commentView(comment, reader, false);
    const changed = await deps.resources.comments.update(
      trx,
      comment.id,
      input.hidden
        ? { hidden: true, hidden_reason: reason, hidden_by: admin.did!, hidden_at: deps.clock.nowUnix() }
        : { hidden: false, hidden_reason: null, hidden_by: null, hidden_at: null },
      input.hidden ? 'comment.hidden' : 'comment.unhidden',
    );
    return commentView(changed!, reader, false);
  });
}
