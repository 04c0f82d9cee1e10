import type { Comment, CommentReport } from '@kiosk/contracts';
import { flag } from '../columns.ts';
import type { CommentReportRow, CommentRow } from './table.ts';

/** A comment as its events carry it: every stored field, nobody's view of it. */
export function commentSnapshot(row: CommentRow) {
  return {
    id: row.id,
    object: 'comment' as const,
    app_did: row.app_did,
    parent_id: row.parent_id,
    author_did: row.author_did,
    body: row.body,
    hidden: flag(row.hidden),
    hidden_reason: row.hidden_reason,
    hidden_by: row.hidden_by,
    helpful_count: Number(row.helpful_count),
    report_count: Number(row.report_count),
    edited_at: row.edited_at === null ? null : Number(row.edited_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Who reads a comment: their DID (none when signed out), whether they moderate, the app's developer. */
export interface CommentReader {
  did: string | undefined;
  admin: boolean;
  developerDid: string;
}

/** A comment as `reader` sees it; `helpful` is whether they marked it so. */
export function commentView(row: CommentRow, reader: CommentReader, helpful: boolean): Comment {
  const mine = reader.did !== undefined && reader.did === row.author_did;
  const hidden = flag(row.hidden);
  return {
    id: row.id,
    object: 'comment',
    app_did: row.app_did,
    parent_id: row.parent_id,
    author_did: row.author_did,
    by_developer: row.author_did === reader.developerDid,
    body: row.body,
    helpful_count: Number(row.helpful_count),
    helpful,
    mine,
    hidden,
    // The reason is for the author and the admins, the only ones who still see a hidden comment.
    hidden_reason: hidden && (mine || reader.admin) ? row.hidden_reason : null,
    edited_at: row.edited_at === null ? null : Number(row.edited_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export function commentReportView(row: CommentReportRow): CommentReport {
  return {
    id: row.id,
    object: 'comment_report',
    comment_id: row.comment_id,
    reporter_did: row.reporter_did,
    reason: row.reason,
    note: row.note,
    created_at: Number(row.created_at),
  };
}
