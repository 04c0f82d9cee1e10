import type { CommentRow as DesignedCommentRow } from '../apps/table.ts';

/** A comment, with what migration 20261128_40 added to the table designed with the apps'. */
export type CommentRow = DesignedCommentRow & {
  hidden_reason: string | null;
  /** The admin who hid it. */
  hidden_by: string | null;
  hidden_at: number | null;
  edited_at: number | null;
  helpful_count: number;
  report_count: number;
  /** The latest report's time; null until reported. */
  reported_at: number | null;
};

/** One "helpful" per user and comment. */
export interface CommentVoteRow {
  comment_id: string;
  user_did: string;
  created_at: number;
}

/** One report of abuse per user and comment. */
export interface CommentReportRow {
  id: string;
  comment_id: string;
  app_did: string;
  reporter_did: string;
  reason: 'spam' | 'abuse' | 'offTopic' | 'other';
  note: string | null;
  created_at: number;
}
