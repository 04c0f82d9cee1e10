import { z } from 'zod';
import { defineRoutes } from './route.ts';

/**
 * How long each field of a browser's error report may be, in UTF-16 code units (what `.length` counts).
 * A stack of 8 000 holds the 30 or so frames worth reading; nobody gets to log megabytes. The browser's
 * reporter (packages/react/src/errors) cuts its reports to these lengths before sending.
 */
export const CLIENT_ERROR_LIMITS = {
  message: 1_000,
  stack: 8_000,
  component_stack: 8_000,
  page: 2_048,
  app_version: 64,
} as const;

/**
 * The whole body's ceiling in bytes: every field at its longest, in three-byte characters, with room for
 * JSON escapes. The server refuses a larger body (413) before parsing it.
 */
export const CLIENT_ERROR_BODY_LIMIT = 64 * 1024;

/** Where a report comes from: an uncaught error, an unhandled promise rejection, a React render. */
export const clientErrorSource = z.enum(['error', 'unhandledrejection', 'render']);
export type ClientErrorSource = z.infer<typeof clientErrorSource>;

export const clientErrorReport = z.strictObject({
  source: clientErrorSource,
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  // A rejection with a string or an object has no stack.
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  component_stack: z.string().max(CLIENT_ERROR_LIMITS.component_stack).optional(),
  // The path of the page only: a query or fragment may hold an authToken, and is cut off here if a
  // reporter sent one anyway.
  page: z
    .string()
    .max(CLIENT_ERROR_LIMITS.page)
    .regex(/^\//, 'validation.pagePath')
    .transform((page) => page.split(/[?#]/, 1)[0]!),
  app_version: z.string().min(1).max(CLIENT_ERROR_LIMITS.app_version),
});
export type ClientErrorReport = z.input<typeof clientErrorReport>;

export const clientErrorConfig = z.object({
  /** The share of page loads (0 to 1) that report their errors: KIOSK_ERROR_SAMPLE_RATE. */
  sample_rate: z.number().min(0).max(1),
});
export type ClientErrorConfig = z.infer<typeof clientErrorConfig>;

/** Browsers report their own errors (seed 001 §9: sampled at a rate from configuration). */
export const clientErrorRoutes = defineRoutes({
  'POST /api/client-errors': { body: clientErrorReport, response: { 204: z.null() } },
  'GET /api/client-errors/config': { response: { 200: clientErrorConfig } },
});
