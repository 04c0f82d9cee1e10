import { z } from 'zod';
import { listOf, pageQuery } from './common.ts';
import { defineRoutes } from './route.ts';
import { appDidParam } from './store.ts';

/**
 * Ratings and comments of Kiosk Store apps (issue 24 item 5; seed 001 §1: users comment and rate).
 * A comment's body is Markdown kept as text: the server never answers HTML, the page renders it with
 * an escaped, link-safe renderer.
 */

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export const COMMENT_SORTS = ['newest', 'helpful'] as const;
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'offTopic', 'other'] as const;
export const COMMENT_MAX_LENGTH = 5_000;

/** Why a viewer may not rate an app (absent when they may). */
export const RATING_REFUSALS = ['UNAUTHENTICATED', 'RATING_NEEDS_PURCHASE', 'RATING_OWN_APP'] as const;

export const ratingSchema = z.object({
  id: z.string(),
  object: z.literal('rating'),
  app_did: z.string(),
  user_did: z.string(),
  score: z.number().int().min(1).max(5),
  /** The app's published version when the user rated it. */
  version: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const ratingSummarySchema = z.object({
  object: z.literal('rating_summary'),
  app_did: z.string(),
  /** The plain mean of the scores, two decimals; null before the first rating. */
  average: z.number().nullable(),
  count: z.number(),
  /** How many ratings gave each score. */
  histogram: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  /** The viewer's own score, null when they have not rated (or are not signed in). */
  mine: z.number().nullable(),
  /** Why the viewer may not rate the app; null when they may. */
  refusal: z.enum(RATING_REFUSALS).nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const ratingInput = z.object({
  score: z
    .number({ error: 'validation.ratingScore' })
    .int('validation.ratingScore')
    .min(1, 'validation.ratingScore')
    .max(5, 'validation.ratingScore'),
});

const commentBody = z
  .string({ error: 'validation.commentBody' })
  .trim()
  .min(1, 'validation.commentBody')
  .max(COMMENT_MAX_LENGTH, 'validation.commentTooLong');

export const commentSchema = z.object({
  id: z.string(),
  object: z.literal('comment'),
  app_did: z.string(),
  /** The comment a reply answers; null for a comment of its own. */
  parent_id: z.string().nullable(),
  author_did: z.string(),
  /** Written by the app's developer (a reply the page marks). */
  by_developer: z.boolean(),
  /** Markdown, as written. */
  body: z.string(),
  helpful_count: z.number(),
  /** The viewer marked it helpful. */
  helpful: z.boolean(),
  /** The viewer wrote it (may edit and delete it). */
  mine: z.boolean(),
  /** Hidden by an admin: only its author and the admins still see it. */
  hidden: z.boolean(),
  /** The admin's reason, for its author and the admins. */
  hidden_reason: z.string().nullable(),
  edited_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A comment with the replies the viewer may see, oldest first. */
export const commentThreadSchema = commentSchema.extend({ replies: z.array(commentSchema) });
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const commentListQuery = pageQuery.omit({ starting_after: true }).extend({
  sort: z.enum(COMMENT_SORTS).default('newest'),
});

export const commentInput = z.object({
  body: commentBody,
  /** Answer this comment (one level: a reply cannot be answered). */
  parent_id: z.string().min(1).max(64).optional(),
});

export const commentParam = appDidParam.extend({ id: z.string().min(1).max(64) });

export const commentReportInput = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS),
  note: z.string().trim().max(500).optional(),
});

export const commentReportSchema = z.object({
  id: z.string(),
  object: z.literal('comment_report'),
  comment_id: z.string(),
  reporter_did: z.string(),
  reason: z.enum(COMMENT_REPORT_REASONS),
  note: z.string().nullable(),
  created_at: z.number(),
});
export type CommentReport = z.infer<typeof commentReportSchema>;

/** A reported comment as the admins' list shows it. */
export const reportedCommentSchema = commentSchema.extend({
  report_count: z.number(),
  reported_at: z.number(),
  reports: z.array(commentReportSchema),
});
export type ReportedComment = z.infer<typeof reportedCommentSchema>;

export const commentModeration = z
  .object({
    hidden: z.boolean(),
    /** Required to hide: its author reads it. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((input) => !input.hidden || (input.reason ?? '') !== '', {
    path: ['reason'],
    message: 'validation.hideReason',
  });

export const ratingRoutes = defineRoutes({
  'GET /api/apps/:did/ratings': { params: appDidParam, response: { 200: ratingSummarySchema } },
  /** One rating per user and app: the same call sets it and changes it. */
  'PUT /api/apps/:did/rating': {
    params: appDidParam,
    body: ratingInput,
    response: { 200: z.object({ rating: ratingSchema, summary: ratingSummarySchema }) },
  },
});

export const commentRoutes = defineRoutes({
  'GET /api/apps/:did/comments': {
    params: appDidParam,
    querystring: commentListQuery,
    response: { 200: listOf(commentThreadSchema) },
  },
  'POST /api/apps/:did/comments': {
    params: appDidParam,
    body: commentInput,
    response: { 201: commentSchema },
  },
  'PUT /api/apps/:did/comments/:id': {
    params: commentParam,
    body: z.object({ body: commentBody }),
    response: { 200: commentSchema },
  },
  /** A comment of one's own; a comment's replies go with it. */
  'DELETE /api/apps/:did/comments/:id': { params: commentParam, response: { 204: z.null() } },
  /** One "helpful" per user and comment. */
  'PUT /api/apps/:did/comments/:id/helpful': { params: commentParam, response: { 200: commentSchema } },
  'DELETE /api/apps/:did/comments/:id/helpful': { params: commentParam, response: { 200: commentSchema } },
  /** One report per user and comment. */
  'POST /api/apps/:did/comments/:id/reports': {
    params: commentParam,
    body: commentReportInput,
    response: { 201: commentReportSchema },
  },
});

export const commentModerationRoutes = defineRoutes({
  /** Reported comments not hidden yet, most recently reported first. */
  'GET /api/console/comments/reported': {
    querystring: pageQuery.omit({ starting_after: true }),
    response: { 200: listOf(reportedCommentSchema) },
  },
  'PUT /api/console/comments/:id': {
    params: z.object({ id: z.string().min(1).max(64) }),
    body: commentModeration,
    response: { 200: commentSchema },
  },
});
