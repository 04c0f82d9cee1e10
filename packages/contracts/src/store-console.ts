import { checkCategoryName } from '@kiosk/core';
import { z } from 'zod';
import { idParam } from './common.ts';
import { defineRoutes } from './route.ts';
import { appDidParam, developerAppSchema } from './store.ts';

/** Seed 001 §5: letters, digits, space and '-' (any script); the name in other languages beside it. */
const categoryName = z.string({ error: 'store.categoryName.required' }).superRefine((value, ctx) => {
  const problem = checkCategoryName(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params ?? {} });
});

export const categoryInput = z.object({
  name: categoryName,
  /** The name shown in other languages (`{ "zh": "天气" }`), each checked as a name too. */
  locales: z.partialRecord(z.enum(['en', 'zh']), categoryName).default({}),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  locales: z.record(z.string(), z.string()),
  /** Published, public, unblocked apps in it (what the store front shows). */
  app_count: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/** Seed 001 §7: the admins' categories; the store front lists them for everyone. */
export const categoryRoutes = defineRoutes({
  'GET /api/categories': { response: { 200: z.object({ list: z.array(categorySchema) }) } },
  'POST /api/console/categories': { body: categoryInput, response: { 201: categorySchema } },
  'PUT /api/console/categories/:id': {
    params: idParam,
    body: categoryInput,
    response: { 200: categorySchema },
  },
  /** Refused while an app is in it (the original deleted it under them). */
  'DELETE /api/console/categories/:id': { params: idParam, response: { 204: z.null() } },
});

/** Seed 001 §6, §7: an admin blocks an app with a reason its developer sees, and unblocks it. */
export const appBlockRoutes = defineRoutes({
  'PUT /api/console/apps/:did/block': {
    params: appDidParam,
    body: z.object({ reason: z.string().trim().min(1, 'store.blockReason.required').max(500) }),
    response: { 200: developerAppSchema },
  },
  'PUT /api/console/apps/:did/unblock': { params: appDidParam, response: { 200: developerAppSchema } },
});
