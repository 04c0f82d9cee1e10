import { z } from 'zod';
import { listOf, pageQuery } from '../common.ts';
import { defineRoutes } from '../route.ts';

/** How many objects one events query may name: a payment, its charges and its refunds fit. */
export const MAX_EVENT_OBJECTS = 50;

/** `pi_1` or `pi_1,ch_2,re_3`: one object's history, or several told together (a payment's). */
const objectIds = z
  .string()
  .max(MAX_EVENT_OBJECTS * 65)
  .transform((value) => value.split(',').filter((id) => id !== ''))
  .pipe(z.array(z.string().min(1).max(64)).min(1).max(MAX_EVENT_OBJECTS));

/** Stripe's filter: one type (`charge.refunded`), or a group with a wildcard (`charge.*`). */
const eventTypeFilter = z
  .string()
  .max(100)
  .regex(/^[a-z_]+(\.[a-z_]+)*(\.\*)?$/);

/**
 * A recorded change of a Kiosk Pay object, as the outbox keeps it: what happened (`type`, Stripe's
 * names), to which object, and the object as it stood right after (the snapshot webhooks send).
 */
export const eventSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  livemode: z.boolean(),
  type: z.string(),
  /** `payment_intent`, `charge`, `refund` … (null on events recorded before the outbox named it). */
  object_type: z.string().nullable(),
  object_id: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.number(),
});
export type EventRecord = z.infer<typeof eventSchema>;

export const eventRoutes = defineRoutes({
  'GET /api/events': {
    querystring: pageQuery.extend({
      object_id: objectIds.optional().describe('An object id, or several separated by commas'),
      type: eventTypeFilter.optional().describe('An event type, or a group such as `charge.*`'),
    }),
    response: { 200: listOf(eventSchema) },
  },
});
