import { z } from 'zod';
import { idParam, listOf, pageQuery } from './common.ts';
import { defineRoutes } from './route.ts';

export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];
/** What a user may tell the admins beside their request. */
export const JOIN_REQUEST_MESSAGE_MAX_LENGTH = 500;

/** A user's request to become a developer, as they and the admins see it. */
export const joinRequestSchema = z.object({
  id: z.string(),
  object: z.literal('join_request'),
  did: z.string(),
  /** The user's name, when they have set one. */
  name: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  terms_accepted_at: z.number(),
  /** The admin who approved or declined, or the user who withdrew; null while pending. */
  decided_by: z.string().nullable(),
  decided_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const joinRequestInput = z.object({
  /** Seed 001: "A developer must tick agreement to the terms": only `true` is a request. */
  terms_accepted: z.literal(true, { error: 'validation.termsRequired' }),
  message: z.string().trim().max(JOIN_REQUEST_MESSAGE_MAX_LENGTH).optional(),
});

/**
 * Joining as a developer (seed 001 `/join`) while the permission mode is invitation: a signed-in user
 * asks, ticking the terms; an admin approves, which grants the developer passport, or declines.
 */
export const joinRequestRoutes = defineRoutes({
  /** 201 with a new request; 200 with the pending one when there is one already. */
  'POST /api/developer/join-requests': {
    body: joinRequestInput,
    response: { 200: joinRequestSchema, 201: joinRequestSchema },
  },
  /** The caller's latest request, or null when they never asked. */
  'GET /api/developer/join-requests/mine': { response: { 200: joinRequestSchema.nullable() } },
  /** Withdraws the caller's pending request. */
  'DELETE /api/developer/join-requests/mine': { response: { 200: joinRequestSchema } },
  'GET /api/console/join-requests': {
    querystring: pageQuery.extend({ status: z.enum(JOIN_REQUEST_STATUSES).default('pending') }),
    response: { 200: listOf(joinRequestSchema) },
  },
  'POST /api/console/join-requests/:id/approve': { params: idParam, response: { 200: joinRequestSchema } },
  'POST /api/console/join-requests/:id/decline': { params: idParam, response: { 200: joinRequestSchema } },
});
