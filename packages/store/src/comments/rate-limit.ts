import { KioskError } from '@kiosk/core';
import type { StoreDb } from '../tables.ts';

/**
 * Per-user limits on what a person writes for others to read (issue 24 item 5), counted in the
 * database so that they hold across server processes and restarts, and read the store's clock.
 */
export const COMMENTS_PER_MINUTE = 10;
export const REPORTS_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

const LIMITS = {
  comment: {
    table: 'store_comments',
    author: 'author_did',
    max: COMMENTS_PER_MINUTE,
    code: 'COMMENT_RATE_LIMITED',
  },
  report: {
    table: 'store_comment_reports',
    author: 'reporter_did',
    max: REPORTS_PER_MINUTE,
    code: 'REPORT_RATE_LIMITED',
  },
} as const;

/**
 * Refuses `did`'s next comment (or report) with 429 when they already wrote the limit within the
 * last minute, saying when the oldest of those leaves the window.
 */
export async function assertUnderLimit(
  db: StoreDb,
  kind: keyof typeof LIMITS,
  did: string,
  now: number,
): Promise<void> {
  const { table, author, max, code } = LIMITS[kind];
  const recent = await db
    .selectFrom(table)
    .select('created_at')
    .where(author, '=', did)
    .where('created_at', '>', now - WINDOW_SECONDS)
    .orderBy('created_at', 'desc')
    .limit(max)
    .execute();
  if (recent.length < max) return;
  const after = Math.max(1, Number(recent[max - 1]!.created_at) + WINDOW_SECONDS - now);
  throw new KioskError(code, { status: 429, params: { max, after } });
}
