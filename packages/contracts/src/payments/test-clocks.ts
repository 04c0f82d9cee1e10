import { z } from 'zod';
import { idParam, listOf, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';
import { customerSchema } from './checkout-sessions.ts';

/**
 * Test clocks (Stripe's `test_helpers.test_clock`), in test mode only: a clock frozen at a time, test
 * customers attached to it, and the subscriptions of those customers billed on its time as it is
 * advanced (docs/test-clocks.md).
 */

/** The latest time a clock may be set to: 9999-12-31, so a time is always a date. */
const LATEST_TIME = 253_402_300_799;
const unixTime = z.number().int().min(0).max(LATEST_TIME);

export const TEST_CLOCK_STATUSES = ['ready', 'advancing', 'internal_failure'] as const;
export type TestClockStatus = (typeof TEST_CLOCK_STATUSES)[number];

export const testClockSchema = z.object({
  id: z.string(),
  object: z.literal('test_helpers.test_clock'),
  livemode: z.boolean(),
  name: z.string().nullable(),
  /** The clock's time (unix seconds): what its customers' subscriptions are billed at. */
  frozen_time: unixTime,
  /** `advancing` until an advance has billed what fell due; `internal_failure` when it could not. */
  status: z.enum(TEST_CLOCK_STATUSES),
  created: z.number(),
});
export type TestClockObject = z.infer<typeof testClockSchema>;

export const deletedTestClockSchema = z.object({
  id: z.string(),
  object: z.literal('test_helpers.test_clock'),
  deleted: z.literal(true),
});

export const testClockInput = z.object({
  frozen_time: unixTime,
  name: z.string().trim().max(300).nullable().default(null),
});

/** Where an advance takes the clock: later than its frozen_time. */
export const testClockAdvance = z.object({ frozen_time: unixTime });

/** A test customer put on a clock (its id), or taken off (null). */
export const customerTestClockInput = z.object({ test_clock: z.string().min(1).max(64).nullable() });

export const testClockRoutes = defineRoutes({
  'POST /api/test-clocks': { body: testClockInput, response: { 201: testClockSchema } },
  'GET /api/test-clocks': { querystring: pageQuery, response: { 200: listOf(testClockSchema) } },
  'GET /api/test-clocks/:id': { params: idParam, response: { 200: testClockSchema } },
  'DELETE /api/test-clocks/:id': { params: idParam, response: { 200: deletedTestClockSchema } },
  'POST /api/test-clocks/:id/advance': {
    params: idParam,
    body: testClockAdvance,
    response: { 200: testClockSchema },
  },
  'PUT /api/customers/:id/test-clock': {
    params: idParam,
    body: customerTestClockInput,
    response: { 200: customerSchema },
  },
});
